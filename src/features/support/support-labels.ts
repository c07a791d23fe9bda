import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate } from '../../lib/labels';

/** The list, its toolbar and filters. */
export const supportLabelKeys = {
  caption: 'support.caption',
  empty: 'support.empty',
  search: 'support.search',
  statusFilter: 'support.filter.status',
  allStatuses: 'support.status.all',
  open: 'support.status.open',
  in_progress: 'support.status.in_progress',
  resolved: 'support.status.resolved',
  mine: 'support.filter.mine',
  user: 'support.col.user',
  subject: 'support.col.subject',
  excerpt: 'support.col.excerpt',
  status: 'support.col.status',
  assignee: 'support.col.assignee',
  waiting: 'support.col.waiting',
  replies: 'support.col.replies',
  formerUser: 'support.formerUser',
  unassigned: 'support.unassigned',
  notWaiting: 'support.notWaiting',
  openThread: 'support.openThread',
} as const;

/** The thread panel. */
export const threadLabelKeys = {
  title: 'support.thread.title',
  close: 'support.thread.close',
  from: 'support.thread.from',
  waitingFor: 'support.thread.waitingFor',
  notWaiting: 'support.notWaiting',
  messages: 'support.thread.messages',
  formerAdmin: 'support.thread.formerAdmin',
  note: 'support.thread.note',
  notMailed: 'support.thread.notMailed',
  sending: 'support.thread.sending',
  resend: 'support.thread.resend',
  assignee: 'support.thread.assignee',
  unassigned: 'support.unassigned',
  statusGroup: 'support.thread.statusGroup',
  markOpen: 'support.thread.markOpen',
  markInProgress: 'support.thread.markInProgress',
  markResolved: 'support.thread.markResolved',
  reopen: 'support.thread.reopen',
  message: 'support.thread.message',
  messageHint: 'support.thread.messageHint',
  sendReply: 'support.thread.sendReply',
  addNote: 'support.thread.addNote',
  fixFields: 'entityForm.fixFields',
} as const;

/** Every word the help-center island needs, translated on the server: no i18n in the bundle. */
export function supportScreenLabels(t: (key: string) => string) {
  return {
    support: translate(t, supportLabelKeys),
    thread: translate(t, threadLabelKeys),
    list: translate(t, listLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type SupportScreenLabels = ReturnType<typeof supportScreenLabels>;
export type SupportLabels = SupportScreenLabels['support'];
export type ThreadLabels = SupportScreenLabels['thread'];
