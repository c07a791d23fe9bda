import { defineListSpec } from '../../lib/list-url';
import {
  ASSIGNEE_FILTERS,
  DEFAULT_SUPPORT_SORT,
  SUPPORT_SORTS,
  SUPPORT_STATUSES,
  WAITING_FILTERS,
} from '../../shared/support/support-input';

/** The list in the URL: `?page=&record=&search=&status=&assignee=&waiting=&sort=`; open queries first. */
export const supportListSpec = defineListSpec({
  sorts: SUPPORT_SORTS,
  defaultSort: DEFAULT_SUPPORT_SORT,
  filters: { status: SUPPORT_STATUSES, assignee: ASSIGNEE_FILTERS, waiting: WAITING_FILTERS },
});

/** `?open=<id>`: the thread shown, so a reload or a shared link opens it again. */
export const OPEN_PARAM = 'open';

/** The first characters of a message on one line, cut on a whole character (not half an emoji). */
export function excerpt(text: string, length = 80): string {
  const characters = [...text.replace(/\s+/g, ' ').trim()];
  return characters.length > length ? `${characters.slice(0, length - 1).join('')}…` : characters.join('');
}
