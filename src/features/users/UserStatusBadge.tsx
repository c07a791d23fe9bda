import StatusBadge, { type StatusTone } from '../../components/StatusBadge';
import type { UserStatus } from '../../shared/users/user-input';

const TONE: Record<UserStatus, StatusTone> = { active: 'success', blocked: 'danger' };

/** A user's status as the kit's pill. */
export default function UserStatusBadge({
  status,
  labels,
}: {
  status: UserStatus;
  labels: Record<UserStatus, string>;
}) {
  return <StatusBadge tone={TONE[status]} label={labels[status]} />;
}
