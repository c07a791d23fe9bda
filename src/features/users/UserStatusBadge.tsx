import type { UserStatus } from './user-input';

/** The status as a chip; the word carries the meaning, the colour only repeats it. */
export default function UserStatusBadge({
  status,
  labels,
}: {
  status: UserStatus;
  labels: Record<UserStatus, string>;
}) {
  return <span className={`badge rounded-pill app-status-${status}`}>{labels[status]}</span>;
}
