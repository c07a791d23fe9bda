import { useMemo } from 'react';
import EntityFormModal from '../../components/EntityFormModal';
import type { Locale } from '../../i18n/locales';
import { textFields } from '../../lib/form-errors';
import { formatTag } from '../../lib/format';
import CounterField from './CounterField';
import { editSchema } from './edit-input';
import { describeZone, localZone, utcToZoned } from './local-time';
import {
  MESSAGE_MAX,
  TITLE_MAX,
  type NotificationRow,
  type UpdateNotificationInput,
} from '../../shared/notifications/notification-input';
import { updateNotification } from './notifications-api';
import type { NotificationsScreenLabels } from './notifications-labels';
import NotificationSummary from './NotificationSummary';
import ScheduleFields from './ScheduleFields';
import EntityHistory from '../audit/EntityHistory';
import type { EntityHistoryLabels } from '../audit/audit-labels';
import { auditTarget } from '../../shared/audit/vocabulary';

interface NotificationEditFormProps {
  notification: NotificationRow | null;
  locale: Locale;
  labels: Pick<
    NotificationsScreenLabels,
    'edit' | 'counter' | 'schedule' | 'form' | 'validation' | 'table' | 'audience' | 'states'
  >;
  /** Opened to read (a role that may only see notifications, or one it may no longer change). */
  readOnly?: boolean;
  /** The history panel's words, for an admin who may read the audit trail. */
  history: EntityHistoryLabels | null;
  onSaved: (message: string) => void;
  onHide: () => void;
}

/**
 * Edit: the text always; the time too while the notification is still scheduled. Once it has gone
 * out (or is going out), the time is history: the form says so instead of offering it. Read-only,
 * the same dialog shows the notification as it stands, with its history.
 */
export default function NotificationEditForm({
  notification,
  locale,
  labels,
  history,
  readOnly = false,
  onSaved,
  onHide,
}: NotificationEditFormProps) {
  const words = labels.edit;
  const zone = useMemo(localZone, []);
  const schema = useMemo(() => editSchema(zone), [zone]);
  const scheduled = notification?.state === 'scheduled' && notification.scheduled_at !== null;
  const at = scheduled ? utcToZoned(notification.scheduled_at!, zone) : null;

  async function save(data: FormData): Promise<string> {
    const body = schema.parse(textFields(data)) as UpdateNotificationInput;
    return updateNotification(body);
  }

  function extraCheck(data: FormData): Record<string, string> {
    const parsed = schema.safeParse(textFields(data));
    const when = parsed.success ? parsed.data.scheduled_at : undefined;
    return when && Date.parse(when) <= Date.now() ? { scheduled_at: labels.schedule.past } : {};
  }

  return (
    <EntityFormModal
      // A fresh form per notification: the fields start from its values.
      key={notification?.id ?? 'none'}
      show={notification !== null}
      title={readOnly ? (notification?.title ?? '') : words.title}
      readOnly={readOnly}
      submitLabel={words.save}
      schema={schema}
      labels={labels.form}
      validation={labels.validation}
      save={save}
      extraCheck={extraCheck}
      onSaved={onSaved}
      onHide={onHide}
    >
      {notification && readOnly && (
        <>
          <NotificationSummary notification={notification} locale={locale} labels={labels} />
          {history && (
            <EntityHistory
              target={auditTarget('notifications', notification.id)}
              locale={locale}
              labels={history}
            />
          )}
        </>
      )}
      {notification && !readOnly && (
        <>
          <input type="hidden" name="id" value={notification.id} />
          <CounterField
            name="title"
            label={labels.counter.title}
            max={TITLE_MAX}
            defaultValue={notification.title}
            locale={locale}
            words={labels.counter}
          />
          <CounterField
            name="message"
            label={labels.counter.message}
            max={MESSAGE_MAX}
            multiline
            defaultValue={notification.message}
            locale={locale}
            words={labels.counter}
          />
          {at ? (
            <ScheduleFields
              defaultDate={at.date}
              defaultTime={at.time}
              min={utcToZoned(new Date().toISOString(), zone).date}
              zone={describeZone(zone, formatTag(locale))}
              words={labels.schedule}
            />
          ) : (
            <p className="form-text mb-0">{labels.schedule.locked}</p>
          )}
          {history && (
            <EntityHistory
              target={auditTarget('notifications', notification.id)}
              locale={locale}
              labels={history}
            />
          )}
        </>
      )}
    </EntityFormModal>
  );
}
