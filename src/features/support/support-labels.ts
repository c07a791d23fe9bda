import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import { messageListLabelKeys } from './SupportMessageList';
import { replyLabelKeys } from './SupportReplyBox';
import { supportStatusLabelKeys } from './SupportStatusBadge';
import { threadStatusLabelKeys } from './SupportStatusButtons';

/** The toolbar's words and the empty list's; the table and the thread panel have their own. */
export const supportLabelKeys = {
  search: 'support.search',
  statusFilter: 'support.filter.status',
  allStatuses: 'support.status.all',
  mine: 'support.filter.mine',
  waiting24h: 'support.filter.waiting24h',
  empty: 'support.empty',
} as const;

/** The caption, the headers and the cells' own words. */
export const supportTableLabelKeys = {
  caption: 'support.caption',
  subject: 'support.col.subject',
  openThread: 'support.openThread',
  user: 'support.col.user',
  formerUser: 'support.formerUser',
  excerpt: 'support.col.excerpt',
  status: 'support.col.status',
  assignee: 'support.col.assignee',
  unassigned: 'support.unassigned',
  waiting: 'support.col.waiting',
  answered: 'support.answered',
  done: 'support.done',
  replies: 'support.col.replies',
} as const;

/** The panel's heading and the query's details. */
export const threadLabelKeys = {
  title: 'support.thread.title',
  close: 'support.thread.close',
  from: 'support.thread.from',
  formerUser: 'support.formerUser',
  waitingFor: 'support.thread.waitingFor',
  answered: 'support.thread.answered',
  done: 'support.thread.done',
  assignee: 'support.thread.assignee',
  unassigned: 'support.unassigned',
} as const;

/**
 * Every word the help-center island needs, translated on the server: no i18n in the bundle.
 * Each widget is handed only the maps it reads. A leaf widget's key map stands beside it; those of
 * the screen and of the widgets handed a part of these labels are above, so that no widget imports
 * this file while this file imports the widget (an import cycle).
 */
export function supportScreenLabels(t: T) {
  return {
    support: translate(t, supportLabelKeys),
    statuses: translate(t, supportStatusLabelKeys),
    table: translate(t, supportTableLabelKeys),
    thread: translate(t, threadLabelKeys),
    threadStatus: translate(t, threadStatusLabelKeys),
    messages: translate(t, messageListLabelKeys),
    reply: translate(t, replyLabelKeys),
    list: translate(t, listLabelKeys),
    validation: translate(t, validationLabelKeys),
  };
}

export type SupportScreenLabels = ReturnType<typeof supportScreenLabels>;
