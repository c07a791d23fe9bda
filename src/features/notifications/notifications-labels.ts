import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import { audienceFieldsLabelKeys } from './AudienceFields';
import { audiencePickerLabelKeys } from './AudienceUserPicker';
import { audienceLabelKeys } from './audience-words';
import { counterLabelKeys } from './CounterField';
import { composerLabelKeys } from './NotificationComposer';
import { notificationEditLabelKeys } from './NotificationEditForm';
import { previewLabelKeys } from './NotificationPreview';
import { notificationsLabelKeys } from './NotificationsScreen';
import { notificationStateLabelKeys } from './NotificationStateBadge';
import { notificationsTableLabelKeys } from './NotificationsTable';
import { sentLabelKeys } from './notifications-links';
import { scheduleLabelKeys } from './ScheduleFields';
import { notificationActionLabelKeys } from './use-notification-actions';

/**
 * Every word the notifications island needs, translated on the server: no i18n in the bundle.
 * Each widget's key map stands beside it and each widget is handed only the maps it reads.
 */
export function notificationsScreenLabels(t: T) {
  return {
    notifications: translate(t, notificationsLabelKeys),
    states: translate(t, notificationStateLabelKeys),
    table: translate(t, notificationsTableLabelKeys),
    actions: translate(t, notificationActionLabelKeys),
    audience: translate(t, audienceLabelKeys),
    composer: translate(t, composerLabelKeys),
    counter: translate(t, counterLabelKeys),
    audienceFields: translate(t, audienceFieldsLabelKeys),
    picker: translate(t, audiencePickerLabelKeys),
    schedule: translate(t, scheduleLabelKeys),
    preview: translate(t, previewLabelKeys),
    sent: translate(t, sentLabelKeys),
    edit: translate(t, notificationEditLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type NotificationsScreenLabels = ReturnType<typeof notificationsScreenLabels>;
