import { listLabelKeys } from '../../components/list-labels';
import { validationLabelKeys } from '../../lib/form-errors';
import { translate, type T } from '../../lib/labels';
import { messageListLabelKeys } from './SupportMessageList';
import { replyLabelKeys } from './SupportReplyBox';
import { supportLabelKeys } from './SupportScreen';
import { supportStatusLabelKeys } from './SupportStatusBadge';
import { supportTableLabelKeys } from './SupportTable';
import { threadLabelKeys } from './SupportThreadPanel';
import { threadStatusLabelKeys } from './SupportStatusButtons';

/**
 * Every word the help-center island needs, translated on the server: no i18n in the bundle.
 * Each widget's key map stands beside it and each widget is handed only the maps it reads.
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
