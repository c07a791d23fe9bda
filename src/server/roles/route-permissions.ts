import { ACCOUNT_TABS, type AccountTab } from '../../shared/account/account-tabs';
import type { Permission } from '../../shared/roles/permissions';
import { isNeed, meets, pageNeed, type Need } from '../../shared/routes/declare';
import { pageAt, routeTable } from '../http/route-table';

export { meets, type Need };

/**
 * What `path` (normalised) needs, or undefined when it is not a signed-in route: each route
 * declares it (src/shared/routes/declare.ts), the guard checks it before the route runs. An
 * endpoint whose need depends on the body (a broadcast) checks the rest itself with
 * `requirePermission`.
 */
export function needOf(path: string, url: URL): Need | undefined {
  const { endpoints } = routeTable();
  const page = pageAt(path);
  if (page) return page.access === 'public' ? undefined : pageNeed(page.access, url);
  const access = endpoints.get(path)?.access;
  return access !== undefined && isNeed(access) ? access : undefined;
}

/** The account settings' tabs `permissions` may open, in their order (by /account-setting's declaration). */
export function openableAccountTabs(permissions: readonly Permission[]): AccountTab[] {
  return (Object.keys(ACCOUNT_TABS) as AccountTab[]).filter((tab) => {
    const need = needOf('/account-setting', new URL(`/account-setting?tab=${tab}`, 'http://page'));
    return need !== undefined && meets(permissions, need);
  });
}

/** The permission a refusal names (403 `permission`, the audit entry): of several, the first. */
export const namedPermission = (need: Exclude<Need, 'signed-in'>): Permission =>
  typeof need === 'string' ? need : need[0]!;
