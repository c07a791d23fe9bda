import StatusBadge, { type StatusTone } from '../../components/StatusBadge';
import type { AdminStatus } from '../../shared/admins/admin-input';

/** Each status in words. */
export const adminStatusLabelKeys = {
  active: 'admins.status.active',
  invited: 'admins.status.invited',
  disabled: 'admins.status.disabled',
  pending: 'admins.status.pending',
} as const satisfies Record<AdminStatus, string>;

const TONE: Record<AdminStatus, StatusTone> = {
  active: 'success',
  invited: 'warning',
  disabled: 'danger',
  // Waiting, as an invitation does: for an Owner's approval.
  pending: 'warning',
};

/** The status as the kit's pill. */
export default function AdminsStatusBadge({
  status,
  labels,
}: {
  status: AdminStatus;
  labels: Record<AdminStatus, string>;
}) {
  return <StatusBadge tone={TONE[status]} label={labels[status]} />;
}
