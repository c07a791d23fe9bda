import type { SupportStatus } from './support-input';

/** Each status in words: the chip's and the status filter's. */
export const supportStatusLabelKeys = {
  open: 'support.status.open',
  in_progress: 'support.status.in_progress',
  resolved: 'support.status.resolved',
} as const satisfies Record<SupportStatus, string>;

/** The status as a chip; the word carries the meaning, the colour only repeats it. */
export default function SupportStatusBadge({
  status,
  labels,
}: {
  status: SupportStatus;
  labels: Record<SupportStatus, string>;
}) {
  return <span className={`badge rounded-pill app-support-${status}`}>{labels[status]}</span>;
}
