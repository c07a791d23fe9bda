import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import { audienceFieldsLabelKeys } from './AudienceFields';
import { audiencePickerLabelKeys } from './AudienceUserPicker';
import { audienceLabelKeys } from './audience-words';
import { counterLabelKeys } from './CounterField';
import { previewLabelKeys } from './NotificationPreview';
import { notificationStateLabelKeys } from './NotificationStateBadge';
import { sentLabelKeys } from './notifications-links';
import { scheduleLabelKeys } from './ScheduleFields';

/** The toolbar's words; the table, the dialogs and the row actions have their own. */
export const notificationsLabelKeys = {
  search: 'notifications.search',
  stateFilter: 'notifications.filter.state',
  allStates: 'notifications.state.all',
  compose: 'notifications.compose',
  empty: 'notifications.empty',
} as const;

/** The caption, the headers and the cells' own words. */
export const notificationsTableLabelKeys = {
  caption: 'notifications.caption',
  title: 'notifications.col.title',
  message: 'notifications.col.message',
  audience: 'notifications.col.audience',
  recipients: 'notifications.col.recipients',
  read: 'notifications.col.read',
  sentBy: 'notifications.col.sentBy',
  when: 'notifications.col.when',
  state: 'notifications.col.state',
  actions: 'notifications.col.actions',
  skipped: 'notifications.skipped',
  notSentYet: 'notifications.notSentYet',
  formerAdmin: 'notifications.formerAdmin',
} as const;

/** Each row's edit / cancel / delete: the buttons, the question before cancel or delete, the outcome. */
export const notificationActionLabelKeys = {
  edit: 'notifications.edit',
  view: 'notifications.view',
  cancel: 'notifications.cancel',
  delete: 'notifications.delete',
  cancelTitle: 'notifications.confirm.cancelTitle',
  cancelMessage: 'notifications.confirm.cancelMessage',
  cancelConfirm: 'notifications.confirm.cancelConfirm',
  keepScheduled: 'notifications.confirm.keepScheduled',
  deleteTitle: 'notifications.confirm.deleteTitle',
  deleteMessage: 'notifications.confirm.deleteMessage',
  deleteConfirm: 'notifications.confirm.deleteConfirm',
  cancelledDone: 'notifications.done.cancelled',
  deletedDone: 'notifications.done.deleted',
} as const;

/** The composer's own words: its heading, buttons and refusals, and the question before a send. */
export const composerLabelKeys = {
  title: 'notifications.composer.title',
  chooseSomeone: 'notifications.composer.chooseSomeone',
  nobody: 'notifications.composer.nobody',
  send: 'notifications.composer.send',
  schedule: 'notifications.composer.schedule',
  back: 'notifications.composer.back',
  confirmTitle: 'notifications.composer.confirmTitle',
  confirmNow: 'notifications.composer.confirmNow',
  confirmLater: 'notifications.composer.confirmLater',
  confirmSkipped: 'notifications.composer.confirmSkipped',
  confirmSend: 'notifications.composer.confirmSend',
  needsBroadcast: 'notifications.composer.needsBroadcast',
} as const;

/** The edit dialog's heading and button; its fields' words are the composer's. */
export const notificationEditLabelKeys = {
  title: 'notifications.composer.editTitle',
  save: 'notifications.composer.save',
} as const;

/**
 * Every word the notifications island needs, translated on the server: no i18n in the bundle.
 * Each widget is handed only the maps it reads. A leaf widget's key map stands beside it; those of
 * the screen and of the widgets handed a part of these labels are above, so that no widget imports
 * this file while this file imports the widget (an import cycle).
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
