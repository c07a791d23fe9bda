import type { core } from 'zod/mini';
import type { ApiKeyScope, Permission } from '../roles/permissions';

/** A permission; any one of several (a lookup several screens use); or only a session. */
export type Need = Permission | readonly Permission[] | 'signed-in';

/**
 * Who may call a route: anyone (the sign-in steps, the public pages), an admin with what `Need`
 * says, a product key holding a scope (/api/app), or a caller the route authenticates itself
 * (the generic account API's JWT).
 */
export type Access = 'public' | Need | { scope: ApiKeyScope } | 'own-auth';

/** HTTP methods our routes answer (the Node entry refuses every other one with 405). */
export type Method = 'GET' | 'POST';

/**
 * How large a body may be (src/server/http/body-limit.ts): `json` 1 MB, `batch` 4 MB (a product
 * sync of 1,000 rows); multipart (an uploaded image) is limited by its type whatever the route.
 */
export type LimitClass = 'json' | 'batch';

/**
 * Signed-in routes an admin may also use before a normal session (src/server/middleware/guard.ts):
 * on a first-start password, while waiting for approval, or while a required second factor is
 * missing after its grace period.
 */
export type Also = 'first-password' | 'pending' | 'mfa-setup';

/** An endpoint under src/pages/api: one per file, exported as `route` (docs/routes.md). */
export interface ApiRoute {
  path: string;
  methods: readonly Method[];
  access: Access;
  /** Usable still on a first-start password, while waiting for approval, or while a factor is due. */
  also?: readonly Also[];
  /** A GET that changes something or sends data away: a cookie call must prove it came from our pages. */
  working?: true;
  /** The JSON body, or the query for a GET (and for a GET+POST route, both). */
  input?: core.$ZodType;
  /** The query of a route whose POST takes a JSON body (`input`). */
  query?: core.$ZodType;
  /** Multipart with an image (its fields are read by hand, its file checked by its bytes). */
  multipart?: true;
  /** What `ResponseBody` / `ResponseData` hold on success, when written as a schema (OpenAPI). */
  output?: core.$ZodType;
  /** The statuses this route answers besides those every route of its kind can (OpenAPI). */
  errors?: readonly number[];
  limit?: LimitClass;
  /** One sentence for the API documents. */
  summary?: string;
}

/** A page's need may depend on its query (`/puzzles?view=history`, `/account-setting?tab=keys`). */
export interface ByQuery {
  query: string;
  is: Readonly<Record<string, Need>>;
  otherwise: Need;
}

/**
 * A page under src/pages, declared by a `pageRoute({...})` statement in its frontmatter (Astro
 * components export nothing; the route table reads the statement as text, TypeScript checks it).
 */
export interface PageRoute {
  path: string;
  access: 'public' | Need | ByQuery;
}

/** Declares an endpoint (the `route` export of a file under src/pages/api). */
export const apiRoute = <const R extends ApiRoute>(route: R): R => route;

/** Declares a page (a statement of its frontmatter, read as text: literals only). */
export const pageRoute = <const R extends PageRoute>(route: R): R => route;

/** What a page at `url` needs, its query taken into account. */
export function pageNeed(access: Exclude<PageRoute['access'], 'public'>, url: URL): Need {
  if (typeof access === 'object' && 'query' in access) {
    const value = url.searchParams.get(access.query);
    return value !== null && Object.hasOwn(access.is, value) ? access.is[value]! : access.otherwise;
  }
  return access;
}

/** True when the admin may use a route that needs `need`. */
export function meets(permissions: readonly Permission[], need: Need): boolean {
  if (need === 'signed-in') return true;
  return typeof need === 'string'
    ? permissions.includes(need)
    : need.some((one) => permissions.includes(one));
}

/** Admin access, as opposed to the public, a product key or the account API's own check. */
export function isNeed(access: Access): access is Need {
  return access !== 'public' && access !== 'own-auth' && !(typeof access === 'object' && 'scope' in access);
}
