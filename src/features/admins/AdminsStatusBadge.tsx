import type { AdminStatus } from './admin-input';

/** Each status in words. */
export const adminStatusLabelKeys = {
  active: 'admins.status.active',
  invited: 'admins.status.invited',
  disabled: 'admins.status.disabled',
} as const satisfies Record<AdminStatus, string>;

/** Bootstrap's subtle pairs, which keep their contrast in light and dark alike. */
const LOOK: Record<AdminStatus, string> = {
  active: 'app-status-active',
  invited: 'text-warning-emphasis bg-warning-subtle',
  disabled: 'text-danger-emphasis bg-danger-subtle',
};

/** The status as a chip; the word carries the meaning, the colour only repeats it. */
export default function AdminsStatusBadge({
  status,
  labels,
}: {
  status: AdminStatus;
  labels: Record<AdminStatus, string>;
}) {
  return <span className={`badge rounded-pill ${LOOK[status]}`}>{labels[status]}</span>;
}
