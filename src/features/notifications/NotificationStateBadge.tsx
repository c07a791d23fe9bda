import type { NotificationState } from './notification-input';

/** Each state in words: the chip's and the state filter's. */
export const notificationStateLabelKeys = {
  scheduled: 'notifications.state.scheduled',
  sending: 'notifications.state.sending',
  sent: 'notifications.state.sent',
  cancelled: 'notifications.state.cancelled',
} as const satisfies Record<NotificationState, string>;

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
