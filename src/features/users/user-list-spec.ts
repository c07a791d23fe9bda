import { defineListSpec } from '../../lib/list-url';
import { DEFAULT_USER_SORT, USER_SORTS, USER_STATUSES } from '../../shared/users/user-input';

/** The /users list in the URL: `?page=&record=&search=&status=&sort=` (defaults left out). */
export const userListSpec = defineListSpec({
  sorts: USER_SORTS,
  defaultSort: DEFAULT_USER_SORT,
  filters: { status: USER_STATUSES },
});

export function userName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}
