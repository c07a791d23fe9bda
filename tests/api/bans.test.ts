import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { auditLog, userBans, users } from '../../src/server/db/schema';
import { settleEndedBansRound } from '../../src/server/users/bans';
import type { BanRow } from '../../src/shared/users/ban-input';
import type { UserRow } from '../../src/shared/users/user-input';
import { get, post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { appUsers, createKey, syncUsers } from '../support/api-keys';
import { insertUsers } from '../support/users';

// Issue #41, bans: a reason and an end, lifted by an admin or by the clock, safe in parallel.
// The worker's timer is set past the file's run, so a test sees what reads do before the worker,
// and runs the worker's round itself where it checks what the worker writes.

let server: TestServer;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ BAN_SWEEP_MS: '3600000' });
  cookie = { cookie: `session=${await createTestSession()}` };
});
afterAll(() => server?.stop());

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const ban = (body: unknown) => post(server.url, '/api/admin/banuser', body, cookie);
const lift = (id: number) => post(server.url, '/api/admin/liftban', { id }, cookie);
const bansOf = async (id: number) =>
  (await get<{ list: BanRow[] }>(server.url, `/api/admin/getbans?user_id=${id}`, cookie)).body.ResponseBody!
    .list;
const statusOf = async (id: number) =>
  (await get<{ user: UserRow }>(server.url, `/api/admin/getuser?id=${id}`, cookie)).body.ResponseBody!.user
    .status;
const stored = async (id: number) => (await (await db()).select().from(users).where(eq(users.id, id)))[0]!;

describe('banuser and liftban', () => {
  it('bans with a reason and an end, lists it, and lifts it', async () => {
    const [id] = await insertUsers([{ firstName: 'Ban' }]);
    const until = inAnHour();
    const banned = await ban({ id, reason: 'Cheating in ranked play', until });
    expect(banned.status).toBe(200);
    expect(banned.body.ResponseBody).toMatchObject({
      id,
      status: 'blocked',
      ban: { reason: 'Cheating in ranked play', until },
    });
    expect(await statusOf(id!)).toBe('blocked');
    const [open] = await bansOf(id!);
    expect(open).toMatchObject({ reason: 'Cheating in ranked play', until, in_force: true, lifted_at: null });
    expect(open!.banned_by?.id).toBeGreaterThan(0);

    const lifted = await lift(id!);
    expect(lifted.status).toBe(200);
    expect(lifted.body.ResponseBody).toMatchObject({ status: 'active', ban: null });
    const [closed] = await bansOf(id!);
    expect(closed).toMatchObject({ in_force: false, lifted_by: open!.banned_by });
    const actions = await (
      await db()
    )
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `users:${id}`));
    expect(actions.map((row) => row.action).sort()).toEqual(['users.block', 'users.unblock']);
    // A second lift (a double click) changes nothing and writes nothing.
    expect((await lift(id!)).status).toBe(200);
    expect(await bansOf(id!)).toHaveLength(1);
  });

  it('refuses bad input with 400 naming the field, and an unknown player with 404', async () => {
    const [id] = await insertUsers([{ firstName: 'Bad' }]);
    const cases: [unknown, string][] = [
      [{ id, reason: 'x', until: new Date(Date.now() - 60_000).toISOString() }, 'until'],
      [{ id, reason: 'x', until: 'tomorrow' }, 'until'],
      [{ id, reason: '   ' }, 'reason'],
      [{ id, reason: 'x'.repeat(501) }, 'reason'],
      [{ id }, 'reason'],
      [{ reason: 'x' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const answer = await ban(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
    }
    expect((await ban({ id: 999_999, reason: 'x' })).status).toBe(404);
    expect((await lift(999_999)).status).toBe(404);
    expect((await get(server.url, '/api/admin/getbans?user_id=999999', cookie)).status).toBe(404);
    expect(await bansOf(id!)).toEqual([]);
    expect((await stored(id!)).status).toBe('active');
    // 500 characters is the limit, not over it.
    expect((await ban({ id, reason: 'x'.repeat(500) })).status).toBe(200);
  });

  it('keeps changestatus and bulkchangestatus: blocked is a ban, active lifts it', async () => {
    const [one, two, three] = await insertUsers([{}, {}, {}]);
    await post(server.url, '/api/admin/changestatus', { id: one, status: 'blocked', reason: 'Spam' }, cookie);
    expect(await bansOf(one!)).toMatchObject([{ reason: 'Spam', until: null, in_force: true }]);
    await post(server.url, '/api/admin/changestatus', { id: one, status: 'active' }, cookie);
    expect(await bansOf(one!)).toMatchObject([{ in_force: false }]);

    const until = inAnHour();
    const bulk = await post(
      server.url,
      '/api/admin/bulkchangestatus',
      { ids: [two, three], status: 'blocked', reason: 'Ring of cheaters', until },
      cookie,
    );
    expect(bulk.body.ResponseData).toEqual({ updated: 2, ids: [two, three] });
    for (const id of [two!, three!]) {
      expect(await bansOf(id)).toMatchObject([{ reason: 'Ring of cheaters', until, in_force: true }]);
    }
    const back = await post(
      server.url,
      '/api/admin/bulkchangestatus',
      { ids: [two, three], status: 'active' },
      cookie,
    );
    expect(back.body.ResponseData).toMatchObject({ updated: 2 });
    expect((await stored(two!)).status).toBe('active');
    expect(await bansOf(three!)).toMatchObject([{ in_force: false }]);
  });
});

describe('the product’s sync writing a status', () => {
  it('keeps the ban history in step: active closes the ban, blocked opens a permanent one', async () => {
    const token = cookie.cookie!.replace('session=', '');
    const { key } = await createKey(server.url, token, 'Sync');
    const [lifted, blocked] = appUsers(2, 'bansync');
    await syncUsers(server.url, key, { users: [lifted, blocked] });
    const ids = await (
      await db()
    )
      .select({ id: users.id, externalId: users.externalId })
      .from(users)
      .where(sql`${users.externalId} IN ('bansync-0', 'bansync-1')`);
    const idOf = (externalId: string) => ids.find((row) => row.externalId === externalId)!.id;
    await ban({ id: idOf('bansync-0'), reason: 'Banned here', until: inAnHour() });

    await syncUsers(server.url, key, {
      users: [
        { ...lifted, status: 'active' },
        { ...blocked, status: 'blocked' },
      ],
    });
    // The product said active: the status alone would leave a ban open in the history.
    expect(await statusOf(idOf('bansync-0'))).toBe('active');
    expect(await bansOf(idOf('bansync-0'))).toMatchObject([{ reason: 'Banned here', in_force: false }]);
    expect(await statusOf(idOf('bansync-1'))).toBe('blocked');
    expect(await bansOf(idOf('bansync-1'))).toMatchObject([{ reason: null, until: null, in_force: true }]);
  });
});

describe('a ban reaching its end', () => {
  it('is over at once for every read, and the worker writes it as the system, once', async () => {
    const [id, other] = await insertUsers([{ firstName: 'Ends' }, { firstName: 'Ends2' }]);
    expect((await ban({ id, reason: 'Cooling off', until: inAnHour() })).status).toBe(200);
    expect((await ban({ id: other, reason: 'Cooling off', until: inAnHour() })).status).toBe(200);
    expect(await statusOf(id!)).toBe('blocked');
    // The hour passes: both bans' ends move a second into the past, as the clock would leave them.
    const until = new Date(Date.now() - 1_000).toISOString();
    await (await db()).execute(sql`UPDATE users SET banned_until = ${until} WHERE id IN (${id}, ${other})`);
    await (await db()).execute(sql`UPDATE user_bans SET until = ${until} WHERE user_id IN (${id}, ${other})`);

    // Before the worker: the row still says blocked, every read says active.
    expect((await stored(id!)).status).toBe('blocked');
    expect(await statusOf(id!)).toBe('active');
    const blockedList = await get<{ list: UserRow[]; total: number }>(
      server.url,
      '/api/admin/getusers?status=blocked&record=100',
      cookie,
    );
    expect(blockedList.body.ResponseBody!.list.map((row) => row.id)).not.toContain(id);
    expect(blockedList.body.ResponseBody!.total).toBe(blockedList.body.ResponseBody!.list.length);
    expect((await bansOf(id!))[0]).toMatchObject({ in_force: false, lifted_at: until, lifted_by: null });

    // Two rounds at once (two instances): each player settled exactly once.
    await Promise.all([settleEndedBansRound(() => false), settleEndedBansRound(() => false)]);
    const row = await stored(id!);
    expect(row.status).toBe('active');
    expect(row.bannedUntil).toBeNull();
    const [closed] = await (await db()).select().from(userBans).where(eq(userBans.userId, id!));
    expect(closed!.liftedAt?.toISOString()).toBe(until);
    expect(closed!.liftedBy).toBeNull();
    for (const target of [id, other]) {
      const entries = await (
        await db()
      )
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'users.ban_ended'), eq(auditLog.target, `users:${target}`)));
      expect(entries).toHaveLength(1);
      expect(entries[0]!.adminId).toBeNull();
    }
  });
});

describe('the dashboard', () => {
  it('counts the bans ending before the admin’s midnight as work waiting', async () => {
    const waiting = async () =>
      (
        await get<unknown>(server.url, '/api/admin/getcountdashoard?tz=UTC', cookie).then(
          (answer) => answer.body.ResponseData as { waiting: Record<string, number> },
        )
      ).waiting.bans_ending_today;
    const before = await waiting();
    expect(before).toEqual(expect.any(Number));
    const [today, later, forever] = await insertUsers([{}, {}, {}]);
    const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z').getTime() + 86_400_000;
    const soon = Math.min(Date.now() + 120_000, midnight - 1_000);
    await ban({ id: today, reason: 'Today', until: new Date(soon).toISOString() });
    await ban({ id: later, reason: 'Tomorrow', until: new Date(midnight + 3_600_000).toISOString() });
    await ban({ id: forever, reason: 'For good' });
    expect(await waiting()).toBe(before! + 1);
  });
});

describe('ban and lift in parallel', () => {
  it('leave one ban or none in force, matching the status, every time', async () => {
    const ids = await insertUsers(Array.from({ length: 8 }, () => ({})));
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        ids.flatMap((id) => [ban({ id, reason: `Round ${round}`, until: inAnHour() }), lift(id)]),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    }
    const [mismatch] = await rowsOf<{ id: number }>(
      await db(),
      sql`
      SELECT u.id FROM users u
      WHERE u.id IN (${sql.join(ids, sql`, `)})
        AND (u.status = 'blocked') <> EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = u.id AND b.lifted_at IS NULL)`,
    );
    expect(mismatch).toBeUndefined();
  });
});
