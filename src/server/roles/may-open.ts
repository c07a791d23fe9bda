import type { Permission } from '../../shared/roles/permissions';
import { meets, needOf } from './route-permissions';

/**
 * True when a role may open the signed-in page `href` (path and query), by the guard's own table:
 * a link to anything else would only land on "Not part of your role".
 */
export function mayOpen(permissions: readonly Permission[], href: string): boolean {
  const url = new URL(href, 'http://page');
  const need = needOf(url.pathname, url);
  return need !== undefined && meets(permissions, need);
}
