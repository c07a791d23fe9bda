import { PAGE_NEEDS, pageKeyOf } from '../roles/route-permissions';

/** DESIGN.md §4. Anything not listed here is unknown and redirected: the middleware denies by default. */
export const PUBLIC_PAGES = new Set([
  '/',
  '/forgot-password',
  '/check-mail',
  '/reset-password',
  '/code-verification',
  '/accept-invite',
  '/privacy-policy',
  '/about',
  '/teams-condition',
]);

/** Drawn in place of a page the admin's role may not open; asked for by its address, it sends home. */
export const FORBIDDEN_PAGE = '/forbidden';

/**
 * Drawn for a registered admin still waiting for an Owner's approval, whatever signed-in page they
 * ask for; asked for by anyone else, it sends home.
 */
export const PENDING_PAGE = '/awaiting-approval';

/**
 * The signed-in pages (their permissions: src/server/roles/route-permissions.ts), without those
 * with an id in the address (`/users/[id]`), which `classify` recognises by their pattern.
 */
export const ADMIN_PAGES = new Set(
  Object.keys(PAGE_NEEDS).filter(
    (path) => path !== FORBIDDEN_PAGE && path !== PENDING_PAGE && !path.includes('['),
  ),
);

/** Admin API endpoints reachable without a session: the sign-in and recovery steps, accepting an invitation. */
export const PUBLIC_ADMIN_API = new Set([
  '/api/admin/login',
  '/api/admin/sendotp',
  '/api/admin/verifyotp',
  '/api/admin/forgotpassword',
  '/api/admin/verifyresetcode',
  '/api/admin/resetpassword',
  '/api/admin/acceptinvite',
  '/api/admin/passkeysigninoptions',
  '/api/admin/passkeysignin',
]);

/**
 * GET routes that do work on the admin's behalf: they change something, write an audit row, or
 * send personal data away as a file. A link or `<img>` on any site can make a browser GET them
 * with the cookie, so a cookie request must prove it comes from our own pages (the middleware;
 * tests/api/get-side-effects.test.ts finds them among all the GET routes). Every other admin API
 * GET only reads, and is refused only when the browser says it came from elsewhere.
 */
export const WORKING_GETS = new Set([
  '/api/admin/changestatus',
  '/api/admin/exportusers',
  '/api/admin/exportgamehistory',
  '/api/admin/exportaudit',
  '/api/admin/exportuserdata',
]);

/**
 * What an admin still on a printed or configured first-start password may use: everything else
 * waits until they have chosen their own (the middleware sends pages to the password form).
 */
export const FIRST_PASSWORD_API = new Set([
  '/api/admin/changepassword',
  '/api/admin/logout',
  '/api/admin/getprofile',
  '/api/admin/updatelanguage',
]);
export const FIRST_PASSWORD_PAGE = '/account-setting?tab=password';

/**
 * What an admin whose role requires a second factor may use once their grace period is over and
 * they still have none: setting one up (and confirming it is them), their password, signing out.
 */
export const MFA_SETUP_API = new Set([
  '/api/admin/getmfa',
  '/api/admin/totpsetup',
  '/api/admin/totpconfirm',
  '/api/admin/passkeyoptions',
  '/api/admin/passkeyregister',
  '/api/admin/reauth',
  '/api/admin/reauthoptions',
  '/api/admin/changepassword',
  '/api/admin/logout',
  '/api/admin/getprofile',
  '/api/admin/updatelanguage',
]);
export const MFA_SETUP_PAGE = '/account-setting?tab=security';

/**
 * What a registered admin waiting for approval may use: signing out, and their own profile and
 * language (an API client can see whom it signed in as; their mails come in the saved language).
 * Everything else answers 403 saying why.
 */
export const PENDING_API = new Set([
  '/api/admin/logout',
  '/api/admin/getprofile',
  '/api/admin/updatelanguage',
]);

export type RouteKind =
  | 'public-page'
  | 'admin-page'
  | 'public-api'
  /** Under /api/admin, needs a session. */
  | 'admin-api'
  /** /api/account and /api/app check their own credentials (JWT, product API key). */
  | 'own-auth-api'
  /** Stored images (`/images/<hash>.webp`): people's photos, for signed-in admins only. */
  | 'image'
  | 'unknown-api'
  | 'unknown';

/** `/users/` and `/users` are one route. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function classify(pathname: string): RouteKind {
  const path = normalisePath(pathname);
  if (PUBLIC_PAGES.has(path)) return 'public-page';
  if (ADMIN_PAGES.has(path) || path === FORBIDDEN_PAGE || path === PENDING_PAGE) return 'admin-page';
  if (pageKeyOf(path) !== path) return 'admin-page';
  if (PUBLIC_ADMIN_API.has(path)) return 'public-api';
  if (path.startsWith('/images/')) return 'image';
  if (path.startsWith('/api/admin/')) return 'admin-api';
  if (path.startsWith('/api/account/') || path.startsWith('/api/app/')) return 'own-auth-api';
  if (path === '/api' || path.startsWith('/api/')) return 'unknown-api';
  return 'unknown';
}
