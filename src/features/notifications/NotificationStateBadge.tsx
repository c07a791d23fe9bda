import type { NotificationState } from './notification-input';

/** The state as a chip; the word carries the meaning, the colour only repeats it. */
export default function NotificationStateBadge({
  state,
  labels,
}: {
  state: NotificationState;
  labels: Record<NotificationState, string>;
}) {
  return <span className={`badge rounded-pill app-notification-${state}`}>{labels[state]}</span>;
}
