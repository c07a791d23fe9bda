import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityRow } from '../../src/shared/account/activity-input';
import type { SessionRow } from '../../src/shared/account/session-row';
import type { ListResult } from '../../src/lib/envelope';
import { hashToken } from '../../src/server/auth/tokens';
import { db } from '../../src/server/db/client';
import { admins, auditLog, sessions } from '../../src/server/db/schema';
import { createAdmins } from '../support/admins';
import { get, post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { USER_AGENTS } from '../support/user-agents';

/** `getsessions`, `revokesession` and `getactivity`: only ever the signed-in admin's own. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
  await createAdmins(
    [
      'list@example.test',
      'revoke@example.test',
      'others@example.test',
      'stranger@example.test',
      'activity@example.test',
    ],
    'a long and unusual test passphrase',
  );
});
afterAll(async () => {
  await server?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const listOf = async (token: string) => {
  const answer = await get(server.url, '/api/admin/getsessions', bearer(token));
  expect(answer.status).toBe(200);
  return (answer.body.ResponseData as { list: SessionRow[] }).list;
};
const revoke = (token: string, body: unknown) =>
  post<{ revoked: number }>(server.url, '/api/admin/revokesession', body, bearer(token));
const profileStatus = async (token: string) =>
  (await get(server.url, '/api/admin/getprofile', bearer(token))).status;

async function adminId(email: string): Promise<number> {
  const [admin] = await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  return admin!.id;
}

async function sessionId(token: string): Promise<number> {
  const [row] = await (
    await db()
  )
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!.id;
}

/** Moves a session's last use `minutes` into the past (and its address, when given). */
async function seen(token: string, minutes: number, ip?: string) {
  await (
    await db()
  )
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutes * 60_000), ...(ip ? { ip } : {}) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

describe('getsessions', () => {
  it("lists the admin's live sessions, newest use first, with parsed devices and this one marked", async () => {
    const email = 'list@example.test';
    const firefox = await createTestSession(email, USER_AGENTS.firefoxWindows);
    const safari = await createTestSession(email, USER_AGENTS.safariIphone);
    const odd = await createTestSession(email, USER_AGENTS.unknown);
    const idle = await createTestSession(email, USER_AGENTS.firefoxWindows);
    const expired = await createTestSession(email, USER_AGENTS.firefoxWindows);
    await createTestSession('stranger@example.test', USER_AGENTS.safariIphone);
    const current = await createTestSession(email);
    await seen(firefox, 2, '203.0.113.7');
    await seen(safari, 5);
    await seen(odd, 10);
    await seen(idle, 31);
    await (
      await db()
    )
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));

    const list = await listOf(current);
    expect(list.map((row) => row.id)).toEqual(
      await Promise.all([current, firefox, safari, odd].map(sessionId)),
    );
    expect(list.map((row) => [row.device, row.current])).toEqual([
      [{ browser: null, os: null, type: null }, true],
      [{ browser: 'Firefox', os: 'Windows', type: 'desktop' }, false],
      [{ browser: 'Safari', os: 'iOS', type: 'mobile' }, false],
      [{ browser: null, os: null, type: null }, false],
    ]);
    expect(list[1]).toMatchObject({ ip: '203.0.113.7' });
    for (const row of list) {
      expect(Date.parse(row.created_at)).toBeLessThanOrEqual(Date.now());
      expect(Date.parse(row.last_seen_at)).toBeGreaterThan(Date.now() - 11 * 60_000);
      expect(Object.keys(row).sort()).toEqual([
        'created_at',
        'current',
        'device',
        'id',
        'ip',
        'last_seen_at',
      ]);
    }
    expect((await get(server.url, '/api/admin/getsessions')).status).toBe(401);
  });
});

describe('revokesession', () => {
  it('ends one of the own sessions at its next request, once; the audit log says so', async () => {
    const email = 'revoke@example.test';
    const current = await createTestSession(email);
    const victim = await createTestSession(email, USER_AGENTS.firefoxWindows);
    const id = await sessionId(victim);
    expect(await profileStatus(victim)).toBe(200);

    const twice = await Promise.all([revoke(current, { id }), revoke(current, { id })]);
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 404]);
    const done = twice.find((answer) => answer.status === 200)!;
    expect(done.body.ResponseBody).toEqual({ revoked: 1 });
    expect(done.body.ResponseMessage).toBe('Session signed out.');
    expect(await profileStatus(victim)).toBe(401);
    expect((await listOf(current)).map((row) => row.id)).toEqual([await sessionId(current)]);

    const entries = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, await adminId(email)), eq(auditLog.action, 'auth.session_revoked')));
    expect(entries.map((entry) => entry.target)).toEqual([`sessions:${id}`]);
  });

  it("refuses another admin's session (404) and this session by id (400); nothing ends", async () => {
    const email = 'revoke@example.test';
    const current = await createTestSession(email);
    const strangers = await createTestSession('stranger@example.test');

    const foreign = await revoke(current, { id: await sessionId(strangers) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.ResponseMessage).toBe('This session does not exist or has already ended.');
    expect(await profileStatus(strangers)).toBe(200);

    const own = await revoke(current, { id: await sessionId(current) });
    expect(own.status).toBe(400);
    expect(own.body.errors).toEqual({ id: 'This is the session you are using: use Sign out to end it.' });
    expect(await profileStatus(current)).toBe(200);

    expect((await revoke(current, { id: 2 ** 31 - 1 })).status).toBe(404);
  });

  it('names the field of a bad request', async () => {
    const token = await createTestSession('revoke@example.test');
    for (const body of [
      {},
      { id: 'seven' },
      { id: -1 },
      { id: 1.5 },
      { others: false },
      { id: 3, others: true },
    ]) {
      const answer = await revoke(token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}).length, JSON.stringify(body)).toBe(1);
    }
    const notJson = await fetch(`${server.url}/api/admin/revokesession`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      body: '{"others":true}',
    });
    expect(notJson.status).toBe(415);
    expect(await profileStatus(token)).toBe(200);
  });

  it("{others: true} ends every other session of this admin and nobody else's", async () => {
    const email = 'others@example.test';
    const current = await createTestSession(email);
    const rest = await Promise.all([1, 2, 3].map(() => createTestSession(email, USER_AGENTS.safariIphone)));
    const strangers = await createTestSession('stranger@example.test');

    const done = await revoke(current, { others: true });
    expect(done.status).toBe(200);
    expect(done.body.ResponseBody).toEqual({ revoked: 3 });
    expect(done.body.ResponseMessage).toBe('Other sessions signed out: 3.');
    for (const token of rest) expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(current)).toBe(200);
    expect(await profileStatus(strangers)).toBe(200);
    expect((await revoke(current, { others: true })).body.ResponseBody).toEqual({ revoked: 0 });

    const [entry] = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.adminId, await adminId(email)), eq(auditLog.action, 'auth.other_sessions_revoked')),
      )
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry?.detail).toBe(JSON.stringify({ sessions: 3 }));
  });
});

describe('getactivity', () => {
  it("pages through the admin's own entries, newest first", async () => {
    const email = 'activity@example.test';
    const mine = await adminId(email);
    const stranger = await adminId('stranger@example.test');
    const base = Date.now() - 60 * 60_000;
    // 23 entries a minute apart, and two more at the very same instant (the id breaks the tie).
    await (await db()).insert(auditLog).values([
      ...Array.from({ length: 23 }, (_, index) => ({
        adminId: mine,
        action: index % 2 ? 'users.update' : 'users.create',
        target: `users:${index}`,
        at: new Date(base + index * 60_000),
      })),
      { adminId: mine, action: 'auth.login', at: new Date(base + 30 * 60_000), ip: '192.0.2.1' },
      { adminId: mine, action: 'auth.logout', at: new Date(base + 30 * 60_000) },
      { adminId: stranger, action: 'auth.login', at: new Date(base + 40 * 60_000) },
    ]);
    const token = await createTestSession(email);
    const page = async (query: string) => {
      const answer = await get(server.url, `/api/admin/getactivity${query}`, bearer(token));
      expect(answer.status, query).toBe(200);
      return answer.body.ResponseData as ListResult<ActivityRow>;
    };

    const first = await page('');
    expect(first).toMatchObject({ total: 25, page: 0, record: 10 });
    expect(first.list.map((row) => row.action).slice(0, 3)).toEqual([
      'auth.logout',
      'auth.login',
      'users.create',
    ]);
    expect(first.list[1]).toMatchObject({ ip: '192.0.2.1', target: null, detail: null });
    expect(first.list[2]).toMatchObject({ target: 'users:22' });
    const last = await page('?page=2&record=10');
    expect(last.list.map((row) => row.target)).toEqual([
      'users:4',
      'users:3',
      'users:2',
      'users:1',
      'users:0',
    ]);

    const everything = await page('?record=100');
    expect(everything.list).toHaveLength(25);
    const times = everything.list.map((row) => Date.parse(row.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(everything.list.map((row) => row.id)).size).toBe(25);

    for (const query of ['?record=101', '?record=0', '?page=-1', '?page=x']) {
      expect((await get(server.url, `/api/admin/getactivity${query}`, bearer(token))).status, query).toBe(
        400,
      );
    }
  });

  it('shows what the admin just did', async () => {
    const email = 'activity@example.test';
    const token = await createTestSession(email);
    const other = await sessionId(await createTestSession(email));
    expect((await revoke(token, { id: other })).status).toBe(200);
    const answer = await get(server.url, '/api/admin/getactivity?record=1', bearer(token));
    const { list, total } = answer.body.ResponseData as ListResult<ActivityRow>;
    expect(total).toBe(26);
    expect(list).toEqual([
      {
        id: expect.any(Number),
        action: 'auth.session_revoked',
        target: `sessions:${other}`,
        detail: null,
        ip: '127.0.0.1',
        at: expect.any(String),
      },
    ]);
  });
});
