import type { ApiRoute, PageRoute } from '../../shared/routes/declare';
import { pathOfFile, readPageDeclaration } from './page-declaration';

export { pathOfFile, readPageDeclaration };

/**
 * The one table of routes (issue #39), collected from the declarations: each endpoint's `route`
 * export, and each page's `pageRoute({...})` statement in its frontmatter. The guard,
 * the origin rules, the body limits, the menu, the islands' client types and the API documents
 * read it; docs/routes.md says how to declare a route.
 *
 * Endpoints are imported as modules (namespace objects, read only when the table is first asked
 * for, so a route that imports the menu, which reads the table, is no cycle at load). Pages are
 * read as text: importing them would pull every screen into the middleware and cannot run outside
 * Astro (the unit and API tests read this table too), and their declarations are plain literals.
 */
const endpointModules = import.meta.glob<{ route?: ApiRoute }>(
  ['/src/pages/api/**/*.ts', '!/src/pages/api/**/*.test.ts'],
  { eager: true },
);
const pageSources = import.meta.glob<string>(['/src/pages/**/*.astro', '!/src/pages/api/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

export interface RouteTable {
  /** By path (`/api/admin/getusers`). */
  endpoints: ReadonlyMap<string, ApiRoute>;
  /** By path (`/users`). */
  pages: ReadonlyMap<string, PageRoute>;
  /** Route files that declare nothing (src/server/http/route-table.test.ts lists them). */
  undeclared: readonly string[];
  /** Declarations whose path is not their file's (the test again). */
  misplaced: readonly { file: string; path: string }[];
}

function collect(): RouteTable {
  const endpoints = new Map<string, ApiRoute>();
  const pages = new Map<string, PageRoute>();
  const undeclared: string[] = [];
  const misplaced: { file: string; path: string }[] = [];
  const place = <R extends { path: string }>(into: Map<string, R>, file: string, route: R | undefined) => {
    if (!route) undeclared.push(file);
    else if (route.path !== pathOfFile(file)) misplaced.push({ file, path: route.path });
    else into.set(route.path, route);
  };
  for (const [file, module] of Object.entries(endpointModules)) place(endpoints, file, module.route);
  for (const [file, source] of Object.entries(pageSources)) {
    if (UNROUTED_PAGES.includes(file)) continue;
    place(pages, file, readPageDeclaration(source));
  }
  return { endpoints, pages, undeclared, misplaced };
}

/**
 * Pages nobody asks for by address: the middleware draws `unavailable` in place of any page while
 * the database is down. (Unknown paths and stored images are `[...unknown].ts` and
 * `images/[file].ts`, outside the folders collected here.)
 */
const UNROUTED_PAGES = ['/src/pages/unavailable.astro'];

let table: RouteTable | undefined;

export function routeTable(): RouteTable {
  table ??= collect();
  return table;
}

/** A page with an id in its address (`/users/[id]`) as a pattern: an id is digits, nothing else. */
// Page paths are letters, digits, `-` and `/` (a file name), so only the parameter needs a pattern.
const patternOf = (path: string) => new RegExp(`^${path.replace(/\[[^\]]+\]/g, '[1-9]\\d{0,11}')}$`);
let patterns: { pattern: RegExp; page: PageRoute }[] | undefined;

/** The page declared at `path` (normalised): its own file's, or a pattern's (`/users/12`). */
export function pageAt(path: string): PageRoute | undefined {
  const { pages } = routeTable();
  const exact = pages.get(path);
  if (exact) return path.includes('[') ? undefined : exact;
  patterns ??= [...pages.values()]
    .filter((page) => page.path.includes('['))
    .map((page) => ({ pattern: patternOf(page.path), page }));
  return patterns.find(({ pattern }) => pattern.test(path))?.page;
}
