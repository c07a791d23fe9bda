// What a page may weigh, and how its weight is counted: one kit for `npm run bench:web` (a browser
// loads each page and the bench times it) and tests/api/page-weight.test.ts (the same budgets,
// from the built files, in every `npm test`).
import { gzipSync } from 'node:zlib';

/** kB as DevTools counts them, so figures compare with the Berry ones in issue #4. */
export const KB = 1000;

// zlib's default level, fixed here so the figures never move with a library's default: what
// bundlers such as Vite print, and what most servers and CDNs use.
const GZIP_LEVEL = 6;
export const gzipBytes = (body) => gzipSync(body, { level: GZIP_LEVEL }).length;

/** Executable inline scripts: no src, and a JS type (JSON data blocks are not code). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const JS_TYPE = /^\s*$|module|javascript/i;

/** The bodies of a page's executable inline scripts (Astro's island loaders, the theme's first paint). */
export function inlineScripts(html) {
  const bodies = [];
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (JS_TYPE.test(type) && body.trim()) bodies.push(Buffer.from(body));
  }
  return bodies;
}

const CONTENT_PAGES = new Set(['/about', '/privacy-policy', '/teams-condition']);
const EDITOR_PAGES = new Set(['/aboutus', '/privacyandpolicy', '/termsandcondition']);

/**
 * The chunk a page's first interaction fetches and its budget counts (issue #12): Lexical, from
 * src/features/cms/rich-text-engine.ts, whose name the bundler gives the chunk.
 */
export const ON_USE_CHUNK = 'rich-text-engine';

/**
 * A page's JavaScript budget in gzip kB (issues #4, #11, #12): none on the public content pages,
 * the login's 80 on the sign-in and recovery cards, "the heaviest admin page at most 150" on every
 * signed-in screen (holding each to it is the same test), and 200 on the CMS editor's pages, where
 * Lexical, fetched on the first interaction, counts with the first visit.
 */
export function jsBudget(path, signedIn) {
  const bare = path.split('?')[0];
  if (!signedIn) return { budget: CONTENT_PAGES.has(bare) ? 0 : 80 };
  if (EDITOR_PAGES.has(bare)) return { budget: 200, onUse: true };
  return { budget: 150 };
}

/**
 * Issue #43: each page's HTML in kB (the markup as the server writes it, before compression, with
 * the demo data): its weight on 2026-11-28 plus 5%, rounded up to the kB, lowered the same way
 * once the shell's icons became one sprite and the menu was drawn once (12.9 kB less a page).
 * The demo data moves a list page's weight by about 0.2% from one run to the next. The lists that
 * show 25 rows by default since issue #42 (users, notifications, puzzles, help center, game
 * history) were measured again then, the same way.
 */
/** @type {Record<string, number>} */
export const HTML_CEILINGS = {
  '/': 11,
  '/forgot-password': 10,
  '/check-mail': 11,
  '/reset-password': 10,
  '/code-verification': 10,
  '/privacy-policy': 3,
  '/about': 3,
  '/teams-condition': 3,
  '/dashboard': 41,
  '/users': 130,
  '/notifications': 143,
  '/puzzles': 119,
  '/help-center': 90,
  '/aboutus': 55,
  '/privacyandpolicy': 55,
  '/termsandcondition': 55,
  '/audit': 41,
  // Issue 39: the API reference, the product API's document (43.0 kB on 2026-11-28, plus 5%).
  '/api-docs': 46,
  '/profile': 30,
  '/account-setting': 30,
  '/puzzles?view=history': 72,
  '/account-setting?tab=security': 32,
  '/account-setting?tab=sessions': 28,
  // The Sign-in security tab's link and the grace banner (second factors).
  '/account-setting?tab=activity': 37,
  // The factor kinds per admin and the Owner's reset, the reauth dialog's words (second factors).
  '/account-setting?tab=admins': 53,
  // The "Requires a second factor" row, the reauth dialog's words (second factors).
  '/account-setting?tab=roles': 70,
  // Two islands since issue #41: the keys and the webhooks.
  '/account-setting?tab=keys': 45,
  // Issue 41: a player's page (the demo's first user).
  '/users/1': 54,
};

/**
 * Every screen (issue #27): the public pages signed out; every signed-in page, tab and view; the
 * list every-page.spec.ts sweeps. Without a live invitation's link /accept-invite answers 410 Gone;
 * with one it is the card /reset-password shows. The lists come from the routes, passed in because
 * the bench imports TypeScript through tsx and the tests directly.
 * @returns {{ path: string, signedIn?: boolean, budget: number, onUse?: boolean, htmlCeiling?: number }[]}
 */
export function everyScreen({ publicPages, adminPages, accountTabs }) {
  const screens = [
    ...[...publicPages].filter((path) => path !== '/accept-invite').map((path) => ({ path })),
    ...[
      ...adminPages,
      // A page with an id in its address, by one the demo data has.
      '/users/1',
      '/puzzles?view=history',
      ...Object.keys(accountTabs)
        .slice(1)
        .map((tab) => `/account-setting?tab=${tab}`),
    ].map((path) => ({ path, signedIn: true })),
  ];
  return screens.map((screen) => ({
    ...screen,
    ...jsBudget(screen.path, screen.signedIn),
    htmlCeiling: HTML_CEILINGS[screen.path],
  }));
}

/** A page's figure against its budget: the first visit's gzip bytes plus what its first use fetches. */
export const jsTotal = (page) => page.gzip + (page.usedGzip ?? 0);
export const withinBudget = (page) => jsTotal(page) <= page.budget * KB;

/** One line per page over its budget, naming it, or none. */
export function overBudget(pages) {
  return pages
    .filter((page) => !withinBudget(page))
    .map(
      (page) =>
        `${page.path}: ${jsTotal(page)} bytes of JavaScript (gzip) on a first visit, over its ${page.budget} kB budget`,
    );
}

/** One line per page whose HTML is over its ceiling (or has none), naming it, or none. */
export function htmlOverCeiling(pages) {
  return pages
    .filter((page) => !(page.html <= page.htmlCeiling * KB))
    .map((page) =>
      page.htmlCeiling === undefined
        ? `${page.path}: ${page.html} bytes of HTML and no ceiling in HTML_CEILINGS`
        : `${page.path}: ${page.html} bytes of HTML, over its ${page.htmlCeiling} kB ceiling`,
    );
}
