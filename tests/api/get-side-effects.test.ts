import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { WORKING_GETS } from '../../src/server/http/routes';
import { rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';
import { insertUsers } from '../support/users';

/**
 * Issue #24, item 9: a link or `<img>` on another site makes the browser GET with the cookie. No
 * admin API GET answers one, and the GETs that do work (routes.ts, WORKING_GETS) want proof that
 * the request came from our pages. The routes are read from the route table (the files under
 * src/pages/api/admin that export GET), and which of them do work is found by calling each one.
 */
let server: TestServer;
let token: string;
let userId: number;

const PAGES = path.resolve('src/pages');

function adminGetRoutes(dir = path.join(PAGES, 'api/admin')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return adminGetRoutes(file);
    if (!/\.ts$/.test(entry.name) || /\.test\.ts$/.test(entry.name)) return [];
    if (!/export (const|async function) GET\b/.test(fs.readFileSync(file, 'utf8'))) return [];
    return [
      '/' +
        path
          .relative(PAGES, file)
          .replace(/\.ts$/, '')
          .replace(/\/index$/, ''),
    ];
  });
}
const ROUTES = adminGetRoutes();

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
  [userId] = (await insertUsers([{}])) as [number];
});
afterAll(() => server?.stop());

/** What each route is asked: enough for the ones that act on a user (changestatus) to act. */
const target = (route: string) => `${server.url}${route}?id=${userId}&status=blocked`;
const call = (route: string, headers: Record<string, string>, method = 'GET') =>
  rawRequest(target(route), { method, headers });
const withCookie = (headers: Record<string, string> = {}) => ({ cookie: sessionCookie(token), ...headers });

/**
 * Every table's content, as one digest per table. Sessions are left out: every signed-in request
 * records when its session was last seen.
 */
async function snapshot(): Promise<Record<string, string>> {
  const database = await db();
  const tables = await rowsOf<{ name: string }>(
    database,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'sessions'
        ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rowsOf<{ digest: string }>(
      database,
      sql`SELECT md5(coalesce(string_agg(t::text, ',' ORDER BY t::text), '')) AS digest FROM ${sql.identifier(name)} t`,
    );
    digests[name] = row!.digest;
  }
  return digests;
}

const exportRows = async () =>
  (
    await rowsOf<{ n: number }>(
      await db(),
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'users.export'`,
    )
  )[0]!.n;

async function resetUser(): Promise<void> {
  await (await db()).execute(sql`UPDATE users SET status = 'active' WHERE id = ${userId}`);
}

describe('GET routes of the admin API and their side effects', () => {
  it('finds the routes in the route table', () => {
    expect(ROUTES.length).toBeGreaterThan(15);
    for (const route of WORKING_GETS) expect(ROUTES).toContain(route);
  });

  it('refuses every cookie GET (and HEAD) that a browser says came from elsewhere, and nothing changes', async () => {
    const { host } = new URL(server.url);
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': '' },
      { 'sec-fetch-site': 'cross-site', origin: server.url },
      { origin: 'https://evil.example' },
      { origin: `https://${host}` },
    ];
    const before = await snapshot();
    for (const route of ROUTES) {
      for (const headers of foreign) {
        const answer = await call(route, withCookie(headers));
        expect(answer.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(answer.text)).toMatchObject({ succeeded: false, ResponseCode: 403 });
      }
      expect((await call(route, withCookie({ 'sec-fetch-site': 'cross-site' }), 'HEAD')).status, route).toBe(
        403,
      );
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lists in WORKING_GETS exactly the routes that change something when called from our pages', async () => {
    const working: string[] = [];
    for (const route of ROUTES) {
      const before = await snapshot();
      const answer = await call(route, withCookie({ 'sec-fetch-site': 'same-origin' }));
      expect(answer.status, route).toBeLessThan(500);
      if (JSON.stringify(await snapshot()) !== JSON.stringify(before)) working.push(route);
      await resetUser();
    }
    expect(working.sort()).toEqual([...WORKING_GETS].sort());
  });

  it('wants proof from a cookie GET that does work: no origin headers, or a typed or mailed link, is refused', async () => {
    const unproven: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': '', origin: server.url },
    ];
    const before = await snapshot();
    for (const route of WORKING_GETS) {
      for (const headers of unproven) {
        const answer = await call(route, withCookie(headers));
        expect(answer.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
      }
      expect((await call(route, withCookie(), 'HEAD')).status, route).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('serves them to our pages (Sec-Fetch-Site or Origin) and to bearer clients, and writes the audit row', async () => {
    const exportsBefore = await exportRows();
    for (const headers of [
      withCookie({ 'sec-fetch-site': 'same-origin' }),
      withCookie({ origin: server.url }),
      { authorization: `Bearer ${token}` },
    ]) {
      const answer = await call('/api/admin/exportusers', headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    }
    expect(await exportRows()).toBe(exportsBefore + 3);
    // Without a cookie there is nobody to act for: the usual 401.
    expect((await call('/api/admin/exportusers', {})).status).toBe(401);
  });

  it('still answers reads from our pages, and from programs that send the cookie alone', async () => {
    for (const headers of [withCookie({ 'sec-fetch-site': 'same-origin' }), withCookie()]) {
      const answer = await rawRequest(`${server.url}/api/admin/getusers`, { headers });
      expect(answer.status).toBe(200);
    }
  });
});
