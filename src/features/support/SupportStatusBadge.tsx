import type { SupportStatus } from './support-input';

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
