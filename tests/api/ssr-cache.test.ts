import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogues, LANGUAGE_TAGS, type Locale } from '../../src/i18n';
import { db } from '../../src/server/db/client';
import { hashToken } from '../../src/server/auth/tokens';
import { admins, sessions, supportQueries, users } from '../../src/server/db/schema';
import { createAdmins } from '../support/admins';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers, postForm } from '../support/users';

/**
 * The shell once reused HTML between requests (the menu per language and active entry, the
 * islands' HTML per props); since issue #25 every request renders its own, and nothing in a page
 * outlives it. These tests keep guarding what that reuse put at risk: whatever two admins ask
 * for, in whatever order and however interleaved, each page carries its own admin's name,
 * language, direction and theme, and the menu entry of the page asked for.
 */

let server: TestServer;
const OTHER = { email: 'bogdan@example.test', password: 'another long passphrase' };

interface Visitor {
  token: string;
  name: string;
  locale: Locale;
  /** Cookies beside the session: a language choice, the look. */
  cookies: string;
  dir: 'ltr' | 'rtl';
  theme: 'light' | 'dark';
}

let ada: Visitor;
let bogdan: Visitor;

const uiCookie = (settings: object) => `ui=${encodeURIComponent(JSON.stringify(settings))}`;

beforeAll(async () => {
  server = await startTestServer();
  await createAdmins([OTHER.email], OTHER.password);
  const database = await db();
  await database.update(admins).set({ firstName: 'Ada' }).where(eq(admins.email, TEST_ADMIN.email));
  // Bogdan's language comes from his saved profile; Ada's from the language cookie.
  await database
    .update(admins)
    .set({ firstName: 'Bogdan', locale: 'ro', mustChangePassword: false })
    .where(eq(admins.email, OTHER.email));
  ada = {
    token: await createTestSession(TEST_ADMIN.email),
    name: 'Ada',
    locale: 'fr',
    cookies: 'locale=fr',
    dir: 'ltr',
    theme: 'light',
  };
  bogdan = {
    token: await createTestSession(OTHER.email),
    name: 'Bogdan',
    locale: 'ro',
    cookies: uiCookie({ mode: 'dark', direction: 'rtl' }),
    dir: 'rtl',
    theme: 'dark',
  };
});
afterAll(async () => {
  await server?.stop();
});

async function page(visitor: Visitor, path: string): Promise<string> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { cookie: `session=${visitor.token}; ${visitor.cookies}` },
    redirect: 'manual',
  });
  expect(response.status, `${visitor.name} ${path}`).toBe(200);
  return response.text();
}

const attribute = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
function words(locale: Locale, key: string): string {
  const message = (catalogues[locale] as Record<string, string>)[key];
  if (message === undefined) throw new Error(`no ${key} in ${locale}`);
  return message;
}

/** Everything about `html` that must be this visitor's and this page's. */
function expectOwnPage(html: string, visitor: Visitor, other: Visitor, path: string) {
  const root = /<html\b[^>]*>/.exec(html)?.[0] ?? '';
  expect(attribute(root, 'lang')).toBe(LANGUAGE_TAGS[visitor.locale]);
  expect(attribute(root, 'dir')).toBe(visitor.dir);
  expect(attribute(root, 'data-bs-theme')).toBe(visitor.theme);

  const greeting = /data-greeting(?:="[^"]*")?>([^<]*)</.exec(html)?.[1];
  expect(greeting).toBe(words(visitor.locale, 'shell.greeting').replace('{{name}}', visitor.name));
  expect(html).not.toContain(`>${words(other.locale, 'shell.greeting').replace('{{name}}', other.name)}<`);

  // The menu in the visitor's language, not the other's.
  expect(html).toContain(`>${words(visitor.locale, 'menu.users')}<`);
  expect(html).not.toContain(`>${words(other.locale, 'menu.users')}<`);

  // Exactly the page's entry is current, in the drawer and in the menu bar alike (a page's own
  // links, such as the dashboard's range picker, may mark their current choice too).
  const current = html.match(/<a\b[^>]*class="app-menu-link[^"]*"[^>]*aria-current="page"[^>]*>/g) ?? [];
  expect(current.length).toBeGreaterThan(0);
  for (const link of current) expect(attribute(link, 'href')).toBe(path);
}

describe('the cached shell', () => {
  it('gives each admin their own name, language, direction and theme, on every page, in parallel', async () => {
    const pages = ['/dashboard', '/users', '/notifications', '/help-center', '/dashboard'];
    // Interleaved and concurrent: a cache keyed too loosely would hand one admin's shell to the other.
    const visits = pages.flatMap((path) => [
      { visitor: ada, other: bogdan, path },
      { visitor: bogdan, other: ada, path },
    ]);
    const answers = await Promise.all(
      [...visits, ...visits].map(async ({ visitor, other, path }) => ({
        html: await page(visitor, path),
        visitor,
        other,
        path,
      })),
    );
    for (const { html, visitor, other, path } of answers) expectOwnPage(html, visitor, other, path);
  });

  it('follows a language change on the next page', async () => {
    const chinese = { ...ada, locale: 'zh' as const, cookies: 'locale=zh' };
    expectOwnPage(await page(chinese, '/users'), chinese, bogdan, '/users');
    expectOwnPage(await page(ada, '/users'), ada, bogdan, '/users');
  });

  it('shows the new name on the next page after a profile change', async () => {
    expectOwnPage(await page(ada, '/dashboard'), ada, bogdan, '/dashboard');
    const saved = await postForm(
      server.url,
      '/api/admin/updateprofile',
      { first_name: 'Grace', last_name: 'Hopper', locale: 'en' },
      ada.token,
    );
    expect(saved.status).toBe(200);
    // The saved language is English now, but Ada's cookie still asks for French.
    const renamed = { ...ada, name: 'Grace' };
    const html = await page(renamed, '/dashboard');
    expectOwnPage(html, renamed, bogdan, '/dashboard');
    expect(html).not.toContain('>Bonjour, Ada<');
    expectOwnPage(await page(bogdan, '/dashboard'), bogdan, renamed, '/dashboard');
  });
});

/** A change made straight in the database shows on the very next request. */
describe('database answers reused between requests', () => {
  const status = async (token: string, path = '/dashboard') =>
    (await fetch(`${server.url}${path}`, { headers: { cookie: `session=${token}` }, redirect: 'manual' }))
      .status;

  it('ends a session deleted behind the service’s back at the next request, even one just reused', async () => {
    const token = await createTestSession(OTHER.email);
    expect(await status(token)).toBe(200);
    expect(await status(token)).toBe(200);
    await (await db()).delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    expect(await status(token)).toBe(302);
  });

  it('ends the sessions of an admin disabled behind the service’s back at the next request', async () => {
    const email = 'carol@example.test';
    await createAdmins([email], 'a third long passphrase');
    await (await db()).update(admins).set({ mustChangePassword: false }).where(eq(admins.email, email));
    const token = await createTestSession(email);
    expect(await Promise.all([status(token), status(token), status(token)])).toEqual([200, 200, 200]);
    await (await db()).update(admins).set({ status: 'disabled' }).where(eq(admins.email, email));
    expect(await status(token)).toBe(302);
  });

  it('lists a user added or renamed straight in the database on the next /users page', async () => {
    const before = await page(ada, '/users?search=Zanzibar');
    expect(before).not.toContain('zanzibar.one@example.test');
    const [id] = await insertUsers([
      { firstName: 'Zanzibar', lastName: 'One', email: 'zanzibar.one@example.test' },
    ]);
    expect(await page(ada, '/users?search=Zanzibar')).toContain('zanzibar.one@example.test');
    await (await db()).update(users).set({ email: 'zanzibar.two@example.test' }).where(eq(users.id, id!));
    const after = await page(bogdan, '/users?search=Zanzibar');
    expect(after).toContain('zanzibar.two@example.test');
    expect(after).not.toContain('zanzibar.one@example.test');
  });

  it('shows a help-center query added or answered straight in the database on the next page', async () => {
    const database = await db();
    const waiting = new Date(Date.now() - 3.5 * 3_600_000);
    const [query] = await database
      .insert(supportQueries)
      .values({ subject: 'Lighthouse puzzle will not load', message: 'Blank screen.', waitingSince: waiting })
      .returning({ id: supportQueries.id });
    const english = { ...ada, locale: 'en' as const, cookies: 'locale=en' };
    const first = await page(english, '/help-center');
    expect(first).toContain('Lighthouse puzzle will not load');
    // "Waiting" is counted from the render time floored to the minute: 3.5 hours reads "3 hr." (short, as lists say it).
    expect(first).toMatch(/>3 hr\. ago</);
    await database
      .update(supportQueries)
      .set({ subject: 'Lighthouse puzzle fixed', waitingSince: null, status: 'resolved' })
      .where(eq(supportQueries.id, query!.id));
    const second = await page(english, '/help-center');
    expect(second).toContain('Lighthouse puzzle fixed');
    expect(second).not.toContain('Lighthouse puzzle will not load');
  });
});
