import StatusBadge, { type StatusTone } from '../../components/StatusBadge';
import type { NotificationState } from '../../shared/notifications/notification-input';

/** Each state in words: the chip's and the state filter's. */
export const notificationStateLabelKeys = {
  scheduled: 'notifications.state.scheduled',
  sending: 'notifications.state.sending',
  sent: 'notifications.state.sent',
  cancelled: 'notifications.state.cancelled',
} as const satisfies Record<NotificationState, string>;

const TONE: Record<NotificationState, StatusTone> = {
  scheduled: 'warning',
  sending: 'info',
  sent: 'success',
  cancelled: 'neutral',
};

/** The state as the kit's pill. */
export default function NotificationStateBadge({
  state,
  labels,
}: {
  state: NotificationState;
  labels: Record<NotificationState, string>;
}) {
  return <StatusBadge tone={TONE[state]} label={labels[state]} />;
}
