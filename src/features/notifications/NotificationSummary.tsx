import type { Locale } from '../../i18n/locales';
import { formatDateTime, type DateFormatOptions } from '../../lib/format';
import type { NotificationRow } from '../../shared/notifications/notification-input';
import { rowAudience, rowTime } from './notification-row';
import type { NotificationsScreenLabels } from './notifications-labels';
import NotificationStateBadge from './NotificationStateBadge';

interface NotificationSummaryProps {
  notification: NotificationRow;
  locale: Locale;
  dates?: DateFormatOptions;
  labels: Pick<NotificationsScreenLabels, 'table' | 'audience' | 'states'>;
}

/** A notification to read: its words whole, who it goes to, when, and where it stands. */
export default function NotificationSummary({
  notification,
  locale,
  dates,
  labels,
}: NotificationSummaryProps) {
  const words = labels.table;
  const time = rowTime(notification);
  return (
    <dl className="app-notification-summary mb-0">
      <dt>{words.title}</dt>
      {/* What an admin wrote reads in its own direction, whatever the layout's. */}
      <dd dir="auto">{notification.title}</dd>
      <dt>{words.message}</dt>
      <dd className="app-notification-message" dir="auto">
        {notification.message}
      </dd>
      <dt>{words.audience}</dt>
      <dd>{rowAudience(notification, labels.audience, locale)}</dd>
      <dt>{words.when}</dt>
      <dd>
        <time dateTime={time}>{formatDateTime(time, locale, dates)}</time>
      </dd>
      <dt>{words.state}</dt>
      <dd className="mb-0">
        <NotificationStateBadge state={notification.state} labels={labels.states} />
      </dd>
    </dl>
  );
}
