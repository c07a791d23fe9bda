import { confirmLabelKeys } from '../../components/ConfirmDialog';
import { entityFormLabelKeys } from '../../components/EntityFormModal';
import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate } from '../../lib/labels';

/** The list, its toolbar and the row actions. */
export const notificationsLabelKeys = {
  caption: 'notifications.caption',
  empty: 'notifications.empty',
  search: 'notifications.search',
  stateFilter: 'notifications.filter.state',
  allStates: 'notifications.state.all',
  scheduled: 'notifications.state.scheduled',
  sending: 'notifications.state.sending',
  sent: 'notifications.state.sent',
  cancelled: 'notifications.state.cancelled',
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
  compose: 'notifications.compose',
  edit: 'notifications.edit',
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

/** How an audience reads, in the list and in the composer. */
export const audienceLabelKeys = {
  oneUser: 'notifications.audience.oneUser',
  selectedUsers: 'notifications.audience.selectedUsers',
  everyone: 'notifications.audience.everyone',
  everyoneStatus: 'notifications.audience.everyoneStatus',
  everyoneMatching: 'notifications.audience.everyoneMatching',
  everyoneStatusMatching: 'notifications.audience.everyoneStatusMatching',
  active: 'users.status.active',
  blocked: 'users.status.blocked',
} as const;

/** The composer and the edit form. */
export const composerLabelKeys = {
  title: 'notifications.composer.title',
  editTitle: 'notifications.composer.editTitle',
  fieldTitle: 'notifications.composer.fieldTitle',
  fieldMessage: 'notifications.composer.fieldMessage',
  counter: 'notifications.composer.counter',
  left: 'notifications.composer.left',
  over: 'notifications.composer.over',
  audience: 'notifications.composer.audience',
  chooseUsers: 'notifications.composer.chooseUsers',
  chooseAll: 'notifications.composer.chooseAll',
  chooseStatus: 'notifications.composer.chooseStatus',
  status: 'notifications.composer.status',
  blockedNote: 'notifications.composer.blockedNote',
  narrowed: 'notifications.composer.narrowed',
  dropSearch: 'notifications.composer.dropSearch',
  picker: 'notifications.picker.label',
  pickerHint: 'notifications.picker.hint',
  suggestions: 'notifications.picker.suggestions',
  found: 'notifications.picker.found',
  noMatch: 'notifications.picker.noMatch',
  chosen: 'notifications.picker.chosen',
  remove: 'notifications.picker.remove',
  added: 'notifications.picker.added',
  removed: 'notifications.picker.removed',
  chooseSomeone: 'notifications.composer.chooseSomeone',
  nobody: 'notifications.composer.nobody',
  preview: 'notifications.preview.title',
  previewApp: 'notifications.preview.app',
  previewNow: 'notifications.preview.now',
  previewEmpty: 'notifications.preview.empty',
  later: 'notifications.schedule.later',
  date: 'notifications.schedule.date',
  time: 'notifications.schedule.time',
  zone: 'notifications.schedule.zone',
  past: 'notifications.schedule.past',
  locked: 'notifications.schedule.locked',
  send: 'notifications.composer.send',
  schedule: 'notifications.composer.schedule',
  save: 'notifications.composer.save',
  back: 'notifications.composer.back',
  confirmTitle: 'notifications.composer.confirmTitle',
  confirmNow: 'notifications.composer.confirmNow',
  confirmLater: 'notifications.composer.confirmLater',
  confirmSkipped: 'notifications.composer.confirmSkipped',
  confirmSend: 'notifications.composer.confirmSend',
  sentDone: 'notifications.done.sent',
  scheduledDone: 'notifications.done.scheduled',
  skippedDone: 'notifications.done.skipped',
  savedDone: 'notifications.done.saved',
} as const;

/** Every word the notifications island needs, translated on the server: no i18n in the bundle. */
export function notificationsScreenLabels(t: (key: string) => string) {
  return {
    notifications: translate(t, notificationsLabelKeys),
    audience: translate(t, audienceLabelKeys),
    composer: translate(t, composerLabelKeys),
    list: translate(t, listLabelKeys),
    confirm: translate(t, confirmLabelKeys),
    form: translate(t, entityFormLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type NotificationsScreenLabels = ReturnType<typeof notificationsScreenLabels>;
export type NotificationLabels = NotificationsScreenLabels['notifications'];
export type ComposerLabels = NotificationsScreenLabels['composer'];
export type AudienceLabels = NotificationsScreenLabels['audience'];
