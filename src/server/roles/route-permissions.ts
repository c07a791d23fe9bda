import { ACCOUNT_TABS, accountTab, type AccountTab } from '../../shared/account/account-tabs';
import type { Permission } from '../../shared/roles/permissions';

/** What a signed-in route needs: a permission, or only to be signed in (the admin's own account). */
/** A permission; any one of several (a lookup several screens use); or only a session. */
export type Need = Permission | readonly Permission[] | 'signed-in';

/**
 * Every signed-in page and what it needs, in one place (the guard checks it before the page runs;
 * route-permissions.test.ts beside this file fails when a page or endpoint is missing). A page
 * whose tabs need different permissions names them by its query.
 */
export const PAGE_NEEDS: Record<string, Need | ((url: URL) => Need)> = {
  '/dashboard': 'dashboard.view',
  '/users': 'users.view',
  /** A player's whole record (`/users/<id>`: the guard's path matcher maps every id here). */
  '/users/[id]': 'users.view',
  '/notifications': 'notifications.view',
  '/puzzles': (url) => (url.searchParams.get('view') === 'history' ? 'games.view' : 'puzzles.view'),
  '/help-center': 'support.view',
  '/aboutus': 'content.view',
  '/privacyandpolicy': 'content.view',
  '/termsandcondition': 'content.view',
  '/audit': 'audit.view',
  '/profile': 'signed-in',
  '/account-setting': (url) => ACCOUNT_TAB_NEEDS[accountTab(url.searchParams.get('tab'))] ?? 'signed-in',
  /** Drawn in place of a page the admin may not open (the guard rewrites to it). */
  '/forbidden': 'signed-in',
  /** Every page a registered admin asks for until an Owner approves them (the guard sends them). */
  '/awaiting-approval': 'signed-in',
};

/** The account settings' tabs about the team rather than the admin's own account (account-tabs.ts). */
export const ACCOUNT_TAB_NEEDS: Partial<Record<AccountTab, Permission>> = {
  admins: 'admins.view',
  roles: 'admins.view',
  keys: 'apikeys.view',
};

/**
 * Every signed-in endpoint under /api/admin and what it needs. An endpoint whose need depends on
 * the body (a broadcast) checks the rest itself with `requirePermission`. A path missing here is
 * unknown: 404, as if it had no file.
 */
export const API_NEEDS: Record<string, Need> = {
  // The admin's own account.
  '/api/admin/getprofile': 'signed-in',
  '/api/admin/updateprofile': 'signed-in',
  '/api/admin/updatelanguage': 'signed-in',
  '/api/admin/changepassword': 'signed-in',
  '/api/admin/getsessions': 'signed-in',
  '/api/admin/revokesession': 'signed-in',
  '/api/admin/getactivity': 'signed-in',
  '/api/admin/logout': 'signed-in',
  // The admin's own second factors (server/mfa).
  '/api/admin/getmfa': 'signed-in',
  '/api/admin/totpsetup': 'signed-in',
  '/api/admin/totpconfirm': 'signed-in',
  '/api/admin/passkeyoptions': 'signed-in',
  '/api/admin/passkeyregister': 'signed-in',
  '/api/admin/removemfa': 'signed-in',
  '/api/admin/newrecoverycodes': 'signed-in',
  '/api/admin/reauth': 'signed-in',
  '/api/admin/reauthoptions': 'signed-in',
  '/api/admin/getcountdashoard': 'dashboard.view',
  // Users and their games.
  '/api/admin/getusers': 'users.view',
  '/api/admin/getuser': 'users.view',
  '/api/admin/adduser': 'users.edit',
  '/api/admin/updateuser': 'users.edit',
  '/api/admin/changestatus': 'users.block',
  '/api/admin/bulkchangestatus': 'users.block',
  '/api/admin/banuser': 'users.block',
  '/api/admin/liftban': 'users.block',
  '/api/admin/getbans': 'users.view',
  '/api/admin/getusernotes': 'users.view',
  '/api/admin/addusernote': 'users.edit',
  '/api/admin/deleteusernote': 'users.edit',
  '/api/admin/exportusers': 'users.export',
  // A player's data: export and erasure (GDPR).
  '/api/admin/exportuserdata': 'users.privacy',
  '/api/admin/eraseuser': 'users.privacy',
  '/api/admin/cancelerasure': 'users.privacy',
  '/api/admin/getusererasure': 'users.privacy',
  '/api/admin/getgamehistory': 'games.view',
  '/api/admin/exportgamehistory': 'games.export',
  // Notifications: the composer's people picker and count belong to sending.
  '/api/admin/get_notification': 'notifications.view',
  // Picking a user by name: the header's search (users), the composer (a send), game history's filter.
  '/api/admin/admin/get-users': ['users.view', 'notifications.send', 'games.view'],
  '/api/admin/admin/count-notification-audience': 'notifications.send',
  '/api/admin/admin/bulk-notifications': 'notifications.send',
  '/api/admin/update-notification': 'notifications.send',
  '/api/admin/cancel-notification': 'notifications.send',
  '/api/admin/delete-notification': 'notifications.send',
  // The help center.
  '/api/admin/getsupport': 'support.view',
  '/api/admin/getsupportquery': 'support.view',
  '/api/admin/replysupport': 'support.reply',
  '/api/admin/resendsupportreply': 'support.reply',
  '/api/admin/notesupport': 'support.reply',
  '/api/admin/changesupportstatus': 'support.reply',
  '/api/admin/assignsupport': 'support.assign',
  // Puzzles.
  '/api/admin/getpuzzles': 'puzzles.view',
  '/api/admin/getpuzzle': 'puzzles.view',
  '/api/admin/addpuzzle': 'puzzles.edit',
  '/api/admin/updatepuzzle': 'puzzles.edit',
  '/api/admin/deletepuzzle': 'puzzles.delete',
  // Content pages.
  '/api/admin/getcmss': 'content.view',
  '/api/admin/getcmsrevisions': 'content.view',
  '/api/admin/getcmsrevision': 'content.view',
  '/api/admin/updatecms': 'content.edit',
  '/api/admin/restorecms': 'content.edit',
  '/api/admin/savecmsdraft': 'content.edit',
  '/api/admin/discardcmsdraft': 'content.edit',
  // The team: administrators, roles, product API keys.
  '/api/admin/getadmins': 'admins.view',
  '/api/admin/getroles': 'admins.view',
  '/api/admin/inviteadmin': 'admins.manage',
  '/api/admin/changeadminstatus': 'admins.manage',
  '/api/admin/changeadminrole': 'admins.manage',
  // Registered admins: only an Owner decides (checked again by the service, against the database).
  '/api/admin/approveadmin': 'admins.manage',
  '/api/admin/rejectadmin': 'admins.manage',
  // Owners only (checked again by the service, against the database).
  '/api/admin/resetadminmfa': 'admins.manage',
  '/api/admin/saverole': 'roles.manage',
  '/api/admin/deleterole': 'roles.manage',
  '/api/admin/getaudit': 'audit.view',
  '/api/admin/exportaudit': 'audit.view',
  '/api/admin/getapikeys': 'apikeys.view',
  '/api/admin/addapikey': 'apikeys.manage',
  '/api/admin/revokeapikey': 'apikeys.manage',
  // Webhooks (the keys tab): endpoints' URLs and deliveries are for those who manage keys.
  '/api/admin/getwebhooks': 'apikeys.manage',
  '/api/admin/getwebhookdeliveries': 'apikeys.manage',
  '/api/admin/addwebhook': 'apikeys.manage',
  '/api/admin/deletewebhook': 'apikeys.manage',
  '/api/admin/redeliverwebhook': 'apikeys.manage',
};

/** Signed-in pages with an id in their address: the pattern, and the key PAGE_NEEDS names them by. */
const DYNAMIC_PAGES: readonly (readonly [RegExp, string])[] = [[/^\/users\/[1-9][0-9]{0,9}$/, '/users/[id]']];

/** The PAGE_NEEDS key of a page's address (`/users/12` → `/users/[id]`); other paths as they are. */
export function pageKeyOf(path: string): string {
  return DYNAMIC_PAGES.find(([pattern]) => pattern.test(path))?.[1] ?? path;
}

/** What `path` (normalised) needs, or undefined when it is not a signed-in route. */
export function needOf(path: string, url: URL): Need | undefined {
  // A key's own spelling (`/users/[id]`) is no address.
  const page = path.includes('[') ? undefined : PAGE_NEEDS[pageKeyOf(path)];
  if (page !== undefined) return typeof page === 'function' ? page(url) : page;
  return API_NEEDS[path];
}

/** The account settings' tabs `permissions` may open, in their order. */
export function openableAccountTabs(permissions: readonly Permission[]): AccountTab[] {
  return (Object.keys(ACCOUNT_TABS) as AccountTab[]).filter((tab) => {
    const need = ACCOUNT_TAB_NEEDS[tab];
    return !need || permissions.includes(need);
  });
}

/** True when the admin may use a route that needs `need`. */
export function meets(permissions: readonly Permission[], need: Need): boolean {
  if (need === 'signed-in') return true;
  return typeof need === 'string'
    ? permissions.includes(need)
    : need.some((one) => permissions.includes(one));
}

/** The permission a refusal names (403 `permission`, the audit entry): of several, the first. */
export const namedPermission = (need: Exclude<Need, 'signed-in'>): Permission =>
  typeof need === 'string' ? need : need[0]!;
