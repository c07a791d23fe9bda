import type { Also, ApiRoute } from '../../shared/routes/declare';
import { normalisePath } from './path';
import { pageAt, routeTable } from './route-table';

export { normalisePath };

/** Drawn in place of a page the admin's role may not open; asked for by its address, it sends home. */
export const FORBIDDEN_PAGE = '/forbidden';

/**
 * Drawn for a registered admin still waiting for an Owner's approval, whatever signed-in page they
 * ask for; asked for by anyone else, it sends home.
 */
export const PENDING_PAGE = '/awaiting-approval';

export const FIRST_PASSWORD_PAGE = '/account-setting?tab=password';

/** Where an admin goes whose role requires a second factor they still lack after the grace period. */
export const MFA_SETUP_PAGE = '/account-setting?tab=security';

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

/** The declared endpoint at `path` (normalised), if any. */
export const endpointAt = (path: string): ApiRoute | undefined => routeTable().endpoints.get(path);

export function classify(pathname: string): RouteKind {
  const path = normalisePath(pathname);
  const page = pageAt(path);
  if (page) return page.access === 'public' ? 'public-page' : 'admin-page';
  const endpoint = endpointAt(path);
  if (endpoint?.access === 'public') return 'public-api';
  if (path.startsWith('/images/')) return 'image';
  // An undeclared path under /api/admin is still the admin API's: 401 signed out, 404 signed in.
  if (path.startsWith('/api/admin/')) return 'admin-api';
  if (path.startsWith('/api/account/') || path.startsWith('/api/app/')) return 'own-auth-api';
  if (path === '/api' || path.startsWith('/api/')) return 'unknown-api';
  return 'unknown';
}

/** A signed-in endpoint an admin may use before a normal session (`also` in its declaration). */
export const allowedWhile = (path: string, state: Also): boolean =>
  endpointAt(path)?.also?.includes(state) ?? false;

/** A GET that does work: a cookie request must prove it comes from our own pages (origin.ts). */
export const isWorkingGet = (path: string): boolean => endpointAt(path)?.working === true;

const paths = <R extends { path: string }>(routes: Iterable<R>, keep: (route: R) => boolean) =>
  new Set([...routes].filter(keep).map((route) => route.path));
const { endpoints, pages } = routeTable();

/*
 * Views of the table by the names the tests and benches have always read (they are not lists:
 * each is the declarations filtered, computed once when the middleware loads).
 */
/** DESIGN.md §4: the pages anyone may open. */
export const PUBLIC_PAGES: ReadonlySet<string> = paths(pages.values(), (page) => page.access === 'public');
/** The signed-in pages, without the two the guard draws in place of another. */
export const ADMIN_PAGES: ReadonlySet<string> = paths(
  pages.values(),
  (page) =>
    page.access !== 'public' &&
    page.path !== FORBIDDEN_PAGE &&
    page.path !== PENDING_PAGE &&
    // A page with an id in its address (`/users/[id]`) is found by its pattern (`pageAt`).
    !page.path.includes('['),
);
/** Admin API endpoints reachable without a session: the sign-in and recovery steps, accepting an invitation. */
export const PUBLIC_ADMIN_API: ReadonlySet<string> = paths(
  endpoints.values(),
  (route) => route.access === 'public' && route.path.startsWith('/api/admin/'),
);
export const WORKING_GETS: ReadonlySet<string> = paths(endpoints.values(), (route) => route.working === true);
export const FIRST_PASSWORD_API: ReadonlySet<string> = paths(
  endpoints.values(),
  (route) => route.also?.includes('first-password') ?? false,
);
export const PENDING_API: ReadonlySet<string> = paths(
  endpoints.values(),
  (route) => route.also?.includes('pending') ?? false,
);
export const MFA_SETUP_API: ReadonlySet<string> = paths(
  endpoints.values(),
  (route) => route.also?.includes('mfa-setup') ?? false,
);
