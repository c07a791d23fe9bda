import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import ro from '../../src/i18n/ro.json';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * The shell as the server sends it (issue #25): the header and the menus are plain HTML from
 * Astro components, no React island among them; the widgets behind the header's buttons (quick
 * search, settings drawer, logout's question, the language list) are not in the page at all.
 * The browser journeys (tests/e2e) cover how they behave once their scripts run.
 */

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = `session=${await createTestSession()}`;
});
afterAll(async () => {
  await server?.stop();
});

/** The page's HTML, signed in unless `signedIn` is false. */
async function page(path: string, extraCookie = '', signedIn = true): Promise<string> {
  const cookies = [signedIn ? cookie : '', extraCookie].filter(Boolean).join('; ');
  const response = await fetch(server.url + path, {
    headers: { ...(cookies ? { cookie: cookies } : {}), 'accept-language': 'en' },
    redirect: 'manual',
  });
  expect(response.status).toBe(200);
  return response.text();
}

/** Opening tags of `tag` that carry `attr` (no DOM here, so plain regexps). */
const tagsWith = (html: string, tag: string, attr = '') =>
  html.match(new RegExp(`<${tag}\\b[^>]*${attr}[^>]*>`, 'g')) ?? [];
const between = (html: string, start: string, end: string) => {
  const from = html.indexOf(start);
  return from < 0 ? '' : html.slice(from, html.indexOf(end, from) + end.length);
};
const header = (html: string) => between(html, '<header class="app-header"', '</header>');
const drawerMenu = (html: string) => between(html, '<nav class="app-menu"', '</nav>');
const menuBar = (html: string) => between(html, '<nav class="app-menubar"', '</nav>');
const hrefs = (html: string) => [...html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((match) => match[1]);

describe('the signed-in header', () => {
  it('is plain HTML: no island, and none of the widgets behind its buttons', async () => {
    const html = header(await page('/dashboard'));
    expect(html).not.toContain('<astro-island');
    expect(html).not.toContain('role="dialog"');
    expect(html).not.toContain('role="menu"');
    expect(html).not.toContain('style=');
  });

  it('draws the quick search button with its shortcut announced', async () => {
    const [button] = tagsWith(header(await page('/users')), 'button', 'data-quick-search');
    expect(button).toContain('aria-keyshortcuts="Control+K Meta+K"');
    expect(button).toContain('aria-haspopup="dialog"');
    expect(header(await page('/users'))).toContain(
      `<span class="visually-hidden">${en['quickSearch.open']}</span>`,
    );
  });

  it('keeps Sign out a form post in the account menu, a closed <details> that works without JavaScript', async () => {
    const html = header(await page('/dashboard'));
    const [menu] = tagsWith(html, 'details', 'data-dropdown');
    expect(menu).not.toContain(' open');
    const [form] = tagsWith(html, 'form', 'data-logout');
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/admin/logout"');
    expect(between(html, '<form', '</form>')).toMatch(
      new RegExp(`</svg>\\s*${en['shell.logout']}\\s*</button>`),
    );
    const account = between(html, '<details', '</details>');
    expect(account).toContain('href="/profile"');
    expect(account).toContain('href="/account-setting"');
    expect(account.indexOf('data-logout')).toBeGreaterThan(account.indexOf('href="/account-setting"'));
  });

  it('draws a closed settings button and the admin’s greeting', async () => {
    const html = header(await page('/dashboard'));
    const [settings] = tagsWith(html, 'button', 'data-settings-open');
    expect(settings).toContain('aria-expanded="false"');
    expect(html).toMatch(/<span class="d-none d-md-inline fw-medium" data-greeting>Hi, [^<]+<\/span>/);
  });

  it('draws the language menu as a closed, named button showing the current language', async () => {
    const html = header(await page('/dashboard', 'locale=ro'));
    const [button] = tagsWith(html, 'button', 'aria-haspopup="menu"');
    expect(button).toContain('aria-expanded="false"');
    expect(html).toContain(`<span class="visually-hidden">${ro['language.label']}</span>`);
    expect(html).toMatch(/<span class="app-label-sm" lang="ro">Română<\/span>/);
  });
});

describe('the language menu on the sign-in page', () => {
  it('is the same plain button, with no list until its script builds one', async () => {
    const html = await page('/', '', false);
    const [button] = tagsWith(html, 'button', 'aria-haspopup="menu"');
    expect(button).toContain('aria-expanded="false"');
    expect(html).not.toContain('role="menuitemradio"');
  });
});

describe('the menus', () => {
  it('mark the active entry and open the section that holds it in the drawer', async () => {
    const html = drawerMenu(await page('/termsandcondition'));
    const current = tagsWith(html, 'a', 'aria-current="page"');
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/termsandcondition"');
    expect(current[0]).toMatch(/class="[^"]*\bactive\b/);
    expect(tagsWith(html, 'details', ' open')).toHaveLength(1);
    expect(tagsWith(html, 'nav', `aria-label="${en['menu.label']}"`)).toHaveLength(1);
  });

  it('keep the section closed when the active page is elsewhere', async () => {
    const html = drawerMenu(await page('/users'));
    expect(tagsWith(html, 'a', 'aria-current="page"')[0]).toContain('href="/users"');
    expect(tagsWith(html, 'details')).toHaveLength(1);
    expect(tagsWith(html, 'details', ' open')).toHaveLength(0);
  });

  it('put every entry in the bar once, and an empty, hidden "More items" the browser fills, none open', async () => {
    const html = menuBar(await page('/privacyandpolicy'));
    const entries = [
      '/dashboard',
      '/users',
      '/notifications',
      '/puzzles',
      '/help-center',
      '/aboutus',
      '/privacyandpolicy',
      '/termsandcondition',
      '/audit',
      '/api-docs',
    ];
    // Drawn once (issue #43): the browser (menu-bar-more.ts) copies them into More, and
    // menu-bar-fit.ts shows each in one place: the bar when it fits, else More.
    expect(hrefs(html)).toEqual(entries);
    const details = tagsWith(html, 'details');
    expect(details.every((tag) => tag.includes('name="app-menubar"') && !tag.includes(' open'))).toBe(true);
    expect(tagsWith(html, 'li', 'data-menubar-more')[0]).toMatch(/\shidden[\s>]/);
    // Nothing hidden in the bar itself: where everything fits, the script changes nothing on screen.
    expect(tagsWith(html, 'li', 'data-menubar-entry').some((tag) => /\shidden[\s>]/.test(tag))).toBe(false);
    const more = between(html, '<details class="app-menubar-dropdown app-menubar-more"', '</details>');
    expect(more).toContain(`>${en['menu.moreItems']}</span>`);
    expect(tagsWith(more, 'summary')[0]).not.toContain('aria-current');
    expect(more).toContain('<ul class="app-menu-list"></ul>');
    expect(tagsWith(html, 'a', 'aria-current="page"')).toHaveLength(1);
  });

  it('draw their icons as SVG with Tabler’s classes, each a use of the one cached sprite', async () => {
    const html = drawerMenu(await page('/users'));
    expect(tagsWith(html, 'svg', 'tabler-icon-users app-menu-icon')[0]).toContain('stroke-width="1.5"');
    const uses = [...html.matchAll(/<use href="([^"#]+)#([\w-]+)"><\/use>/g)];
    expect(uses.map((use) => use[2])).toContain('users');
    expect(new Set(uses.map((use) => use[1])).size).toBe(1);
    expect(uses[0]![1]).toMatch(/^\/_astro\/icons\.[\w-]+\.svg$/);
    expect(html).not.toContain('<path');
    const sprite = await fetch(server.url + uses[0]![1]);
    expect(sprite.headers.get('content-type')).toContain('image/svg+xml');
    expect(sprite.headers.get('cache-control')).toContain('immutable');
    expect(await sprite.text()).toContain('<symbol id="users"');
  });
});

describe('the dashboard’s figures', () => {
  it('are plain HTML, not islands', async () => {
    const html = await page('/dashboard');
    const main = between(html, '<main', '</main>');
    expect(main).toContain('class="dashboard-cards');
    // The range picker and the two charts are the page's only islands.
    expect(tagsWith(main, 'astro-island')).toHaveLength(3);
  });
});
