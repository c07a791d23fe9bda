import { defineListSpec } from '../../lib/list-url';
import { DEFAULT_USER_SORT, USER_SORTS, USER_STATUSES } from './user-input';

/** The /users list in the URL: `?page=&record=&search=&status=&sort=` (defaults left out). */
export const userListSpec = defineListSpec({
  sorts: USER_SORTS,
  defaultSort: DEFAULT_USER_SORT,
  filters: { status: USER_STATUSES },
});

/** Opens that user's detail panel on arrival (the header's quick search links here). */
export const OPEN_PARAM = 'open';

export function userName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** Up to two letters for an avatar without a photo. */
export function initials(user: { first_name: string; last_name: string }, tag: string): string {
  const first = (text: string) => Array.from(text.trim())[0] ?? '';
  return (first(user.first_name) + first(user.last_name)).toLocaleUpperCase(tag);
}

/** Only same-origin paths reach an `<img>`: the CSP allows no other origin. */
export function safeImage(url: string | null | undefined): string | null {
  return url && /^\/(?![/\\])/.test(url) ? url : null;
}
