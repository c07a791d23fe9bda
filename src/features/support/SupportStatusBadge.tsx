import StatusBadge, { type StatusTone } from '../../components/StatusBadge';
import type { SupportStatus } from '../../shared/support/support-input';

/** Each status in words: the chip's and the status filter's. */
export const supportStatusLabelKeys = {
  open: 'support.status.open',
  in_progress: 'support.status.in_progress',
  resolved: 'support.status.resolved',
} as const satisfies Record<SupportStatus, string>;

const TONE: Record<SupportStatus, StatusTone> = {
  open: 'warning',
  in_progress: 'info',
  resolved: 'success',
};

/** The status as the kit's pill. */
export default function SupportStatusBadge({
  status,
  labels,
}: {
  status: SupportStatus;
  labels: Record<SupportStatus, string>;
}) {
  return <StatusBadge tone={TONE[status]} label={labels[status]} />;
}
