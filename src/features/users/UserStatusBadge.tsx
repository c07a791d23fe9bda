import StatusBadge from '../../components/StatusBadge';
import type { UserStatus } from './user-input';

/** A user's status as the kit's pill. */
export default function UserStatusBadge({
  status,
  labels,
}: {
  status: UserStatus;
  labels: Record<UserStatus, string>;
}) {
  return <StatusBadge status={status} label={labels[status]} />;
}
