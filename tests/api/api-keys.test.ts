import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyRow } from '../../src/shared/api-keys/api-key-input';
import type { ListResult } from '../../src/lib/envelope';
import { db } from '../../src/server/db/client';
import { apiKeys, auditLog, users } from '../../src/server/db/schema';
import { get, post } from '../support/api';
import { appUsers, createKey, syncUsers } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/server';
import { freePort, spawnServer, tempDir, waitUntilReady } from '../support/process';
import { createTestSession } from '../support/session';

/** Read when the file is collected, before the test server points DATABASE_URL at its own database. */
const onPostgres = Boolean(process.env.DATABASE_URL);
/** Small, so the limit is reached in a few requests; every test that counts uses a key of its own. */
const LIMIT = 5;
let server: TestServer;
let token: string;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ APP_RATE_LIMIT: String(LIMIT) });
  token = await createTestSession();
  cookie = { cookie: `session=${token}` };
});
afterAll(() => server?.stop());

const keyRow = async (id: number) =>
  (await (await db()).select().from(apiKeys).where(eq(apiKeys.id, id)))[0]!;
const auditRows = async (action: string, target: string) =>
  (await db())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));
const listKeys = async (query = '') =>
  (await get<unknown>(server.url, `/api/admin/getapikeys${query}`, cookie)).body
    .ResponseData as ListResult<ApiKeyRow>;
/** One small, valid sync: the cheapest call that needs a key. */
const touch = (key: string, tag = `t${Math.random().toString(36).slice(2, 8)}`) =>
  syncUsers(server.url, key, { users: appUsers(1, tag) });
const usersTagged = async (tag: string) =>
  (await db())
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.externalId} LIKE ${`${tag}-%`}`);

describe('creating and listing keys', () => {
  it('shows the key once, a recognisable prefix plus 256 random bits, and stores only its hash', async () => {
    const answer = await post<{ id: number; name: string; prefix: string; key: string }>(
      server.url,
      '/api/admin/addapikey',
      { name: '  Game servers (EU)  ' },
      cookie,
    );
    expect(answer.status).toBe(200);
    const created = answer.body.ResponseBody!;
    expect(created.key).toMatch(/^pzk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.key.slice(4), 'base64url')).toHaveLength(32);
    expect(created).toMatchObject({ name: 'Game servers (EU)', prefix: created.key.slice(0, 12) });

    const row = await keyRow(created.id);
    expect(row.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    // Nowhere in the database: not in the key's row, not in the audit log.
    const [found] = await (
      await db()
    )
      .execute(
        sql`SELECT (SELECT count(*) FROM api_keys k WHERE k::text LIKE ${`%${created.key.slice(12)}%`})::int
        + (SELECT count(*) FROM audit_log a WHERE a::text LIKE ${`%${created.key.slice(12)}%`})::int AS n`,
      )
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    expect(found?.n).toBe(0);

    const [entry] = await auditRows('apikeys.create', `apikeys:${created.id}`);
    expect(entry).toMatchObject({ adminId: expect.any(Number) });
    expect(entry!.detail).not.toContain(created.key);

    const listed = (await listKeys()).list.find((key) => key.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Game servers (EU)',
      prefix: created.prefix,
      // Made without scopes (the call before scopes): every scope, as every key had then.
      scopes: [
        'users.read',
        'users.write',
        'games.write',
        'support.write',
        'notifications.read',
        'puzzles.read',
      ],
      created_by: 'Admin',
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    expect(JSON.stringify(await listKeys())).not.toContain(created.key);
  });

  it('names `name` in a 400 when it is missing, blank or longer than 80 characters, and writes nothing', async () => {
    const before = (await listKeys()).total;
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(81) }, { name: 42 }]) {
      const answer = await post(server.url, '/api/admin/addapikey', body, cookie);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['name']);
    }
    expect(
      (await post(server.url, '/api/admin/addapikey', 'name=x', { ...cookie, 'content-type': 'text/plain' }))
        .status,
    ).toBe(415);
    expect((await listKeys()).total).toBe(before);
    expect((await post(server.url, '/api/admin/addapikey', { name: 'y'.repeat(80) }, cookie)).status).toBe(
      200,
    );
  });

  it('lists live keys first, newest first, pages, and searches the name and the prefix', async () => {
    const a = await createKey(server.url, token, 'Listing alpha');
    const b = await createKey(server.url, token, 'Listing beta');
    const c = await createKey(server.url, token, 'Listing gamma');
    await post(server.url, '/api/admin/revokeapikey', { id: b.id }, cookie);
    const found = await listKeys('?search=listing');
    expect(found.list.map((key) => key.name)).toEqual(['Listing gamma', 'Listing alpha', 'Listing beta']);
    expect(found.list[2]!.revoked_at).not.toBeNull();
    expect(found.total).toBe(3);
    expect((await listKeys(`?search=${encodeURIComponent(a.prefix)}`)).list.map((key) => key.id)).toEqual([
      a.id,
    ]);
    const paged = await listKeys('?search=listing&record=2&page=1');
    expect(paged).toMatchObject({ total: 3, page: 1, record: 2 });
    expect(paged.list.map((key) => key.id)).toEqual([b.id]);
    expect(c.id).toBeGreaterThan(a.id);
    expect((await get(server.url, '/api/admin/getapikeys?record=500', cookie)).status).toBe(400);
  });

  it('needs a signed-in admin for every key endpoint', async () => {
    expect((await get(server.url, '/api/admin/getapikeys')).status).toBe(401);
    expect((await post(server.url, '/api/admin/addapikey', { name: 'x' })).status).toBe(401);
    expect((await post(server.url, '/api/admin/revokeapikey', { id: 1 })).status).toBe(401);
  });
});

describe('revoking', () => {
  it('refuses the key from its very next request, once and for all, audited once', async () => {
    const { id, key } = await createKey(server.url, token, 'To revoke');
    expect((await touch(key)).status).toBe(200);
    const revoked = await post<ApiKeyRow>(server.url, '/api/admin/revokeapikey', { id }, cookie);
    expect(revoked.status).toBe(200);
    expect(revoked.body.ResponseBody!.revoked_at).not.toBeNull();

    const tag = 'after-revoke';
    const refused = await touch(key, tag);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ succeeded: false, ResponseCode: 401 });
    expect(await usersTagged(tag)).toHaveLength(0);

    const again = await post<ApiKeyRow>(server.url, '/api/admin/revokeapikey', { id }, cookie);
    expect(again.status).toBe(200);
    expect(again.body.ResponseBody!.revoked_at).toBe(revoked.body.ResponseBody!.revoked_at);
    expect(await auditRows('apikeys.revoke', `apikeys:${id}`)).toHaveLength(1);
  });

  it('answers 404 for an unknown key and 400 naming `id` for a bad one', async () => {
    expect((await post(server.url, '/api/admin/revokeapikey', { id: 999_999 }, cookie)).status).toBe(404);
    for (const body of [{}, { id: 'abc' }, { id: -1 }]) {
      const answer = await post(server.url, '/api/admin/revokeapikey', body, cookie);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['id']);
    }
  });
});

describe('authenticating /api/app', () => {
  it('refuses no key, an unknown key and a malformed one with the 401 envelope', async () => {
    const unknown = `pzk_${'A'.repeat(43)}`;
    for (const authorization of [undefined, `Bearer ${unknown}`, 'Bearer nonsense', `Basic ${unknown}`]) {
      const answer = await post(
        server.url,
        '/api/app/users',
        { users: appUsers(1, 'nokey') },
        {
          ...(authorization ? { authorization } : {}),
        },
      );
      expect(answer.status, authorization).toBe(401);
      expect(answer.body).toMatchObject({ succeeded: false, ResponseCode: 401 });
      expect(answer.body.ResponseMessage).toMatch(/Authorization: Bearer/);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    expect(await usersTagged('nokey')).toHaveLength(0);
  });

  it('ignores a key in the query string', async () => {
    const { id, key } = await createKey(server.url, token, 'In the URL');
    for (const name of ['key', 'api_key', 'access_token', 'token']) {
      const answer = await post(server.url, `/api/app/users?${name}=${key}`, { users: appUsers(1, 'query') });
      expect(answer.status, name).toBe(401);
    }
    expect(await usersTagged('query')).toHaveLength(0);
    expect((await keyRow(id)).lastUsedAt).toBeNull();
  });

  it('never lets a product key open /api/admin', async () => {
    const { key } = await createKey(server.url, token, 'Not for admin');
    const bearer = { authorization: `Bearer ${key}` };
    expect((await get(server.url, '/api/admin/getusers', bearer)).status).toBe(401);
    expect((await get(server.url, '/api/admin/getapikeys', bearer)).status).toBe(401);
    expect((await post(server.url, '/api/admin/addapikey', { name: 'escalate' }, bearer)).status).toBe(401);
    expect((await get(server.url, '/api/admin/getusers', { cookie: `session=${key}` })).status).toBe(401);
  });

  it('never lets an admin session open /api/app, by bearer token or by cookie', async () => {
    const body = { users: appUsers(1, 'session') };
    expect(
      (await post(server.url, '/api/app/users', body, { authorization: `Bearer ${token}` })).status,
    ).toBe(401);
    expect((await post(server.url, '/api/app/users', body, cookie)).status).toBe(401);
    expect(await usersTagged('session')).toHaveLength(0);
  });
});

describe('the per-key rate limit', () => {
  it(`answers the request after the ${LIMIT}th in a minute with 429 and Retry-After, writing nothing`, async () => {
    const { id, key } = await createKey(server.url, token, 'Limited');
    for (let n = 0; n < LIMIT; n += 1) expect((await touch(key)).status).toBe(200);
    const before = await keyRow(id);
    const audits = (await auditRows('app.users_sync', `apikeys:${id}`)).length;

    const limited = await touch(key, 'over-limit');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ succeeded: false, ResponseCode: 429 });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.ResponseBody).toEqual({ retry_after: retryAfter });
    expect(await usersTagged('over-limit')).toHaveLength(0);
    expect(await auditRows('app.users_sync', `apikeys:${id}`)).toHaveLength(audits);
    expect(await keyRow(id)).toEqual(before);

    // Another key has a window of its own.
    expect((await touch((await createKey(server.url, token, 'Other')).key)).status).toBe(200);

    // A minute on, the window starts again.
    await (
      await db()
    )
      .update(apiKeys)
      .set({ rateWindowStartedAt: sql`now() - interval '61 seconds'` })
      .where(eq(apiKeys.id, id));
    expect((await touch(key, 'next-window')).status).toBe(200);
    expect(await usersTagged('next-window')).toHaveLength(1);
    expect((await keyRow(id)).rateWindowRequests).toBe(1);
  });

  it('lets exactly the limit through when requests arrive all at once', async () => {
    const { id, key } = await createKey(server.url, token, 'Burst');
    const answers = await Promise.all(Array.from({ length: 3 * LIMIT }, () => touch(key)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(200), ...Array(2 * LIMIT).fill(429)]);
    expect((await keyRow(id)).rateWindowRequests).toBe(LIMIT);
  });
});

describe('last_used_at', () => {
  it('is set on first use and touched at most once a minute', async () => {
    const { id, key } = await createKey(server.url, token, 'Touched');
    expect((await keyRow(id)).lastUsedAt).toBeNull();
    expect((await touch(key)).status).toBe(200);
    const first = (await keyRow(id)).lastUsedAt!;
    expect(Math.abs(first.getTime() - Date.now())).toBeLessThan(10_000);

    const recently = new Date(Date.now() - 30_000);
    await (await db()).update(apiKeys).set({ lastUsedAt: recently }).where(eq(apiKeys.id, id));
    expect((await touch(key)).status).toBe(200);
    expect((await keyRow(id)).lastUsedAt!.getTime()).toBe(recently.getTime());

    const longAgo = new Date(Date.now() - 61_000);
    await (await db()).update(apiKeys).set({ lastUsedAt: longAgo }).where(eq(apiKeys.id, id));
    expect((await touch(key)).status).toBe(200);
    const touched = (await keyRow(id)).lastUsedAt!;
    expect(touched.getTime()).toBeGreaterThan(longAgo.getTime() + 50_000);

    const listed = (await listKeys('?search=Touched')).list[0]!;
    expect(new Date(listed.last_used_at!).getTime()).toBe(touched.getTime());
  });
});

// Several instances share one PostgreSQL; PGlite is the single-instance embedded database.
describe.skipIf(!onPostgres)('two server instances on one PostgreSQL', () => {
  it('share each key’s limit and see a revocation at once', async () => {
    const dataDir = tempDir();
    const second = spawnServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL!,
      APP_RATE_LIMIT: String(LIMIT),
      LOG_LEVEL: 'silent',
    });
    try {
      await waitUntilReady(second);
      const { key } = await createKey(server.url, token, 'Two instances');
      const call = (base: string) => syncUsers(base, key, { users: appUsers(1, `two${Math.random()}`) });
      const answers = await Promise.all(
        Array.from({ length: 3 * LIMIT }, (_, n) => call(n % 2 ? second.url : server.url)),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMIT);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2 * LIMIT);

      const other = await createKey(server.url, token, 'Two instances, revoked');
      expect((await syncUsers(second.url, other.key, { users: appUsers(1, 'two-a') })).status).toBe(200);
      expect((await post(server.url, '/api/admin/revokeapikey', { id: other.id }, cookie)).status).toBe(200);
      expect((await syncUsers(second.url, other.key, { users: appUsers(1, 'two-b') })).status).toBe(401);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
