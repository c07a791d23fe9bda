import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { eraseDueUsers } from '../../src/server/privacy/erasure-worker';
import type { ErasureState } from '../../src/shared/privacy/privacy-input';
import { get, post } from '../support/api';
import { createKey, syncUsers } from '../support/api-keys';
import { countAudit } from '../support/audit';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

/** Read when the file is collected, before the test server points DATABASE_URL at its own database. */
const onPostgres = Boolean(process.env.DATABASE_URL);
let server: TestServer;
let cookie: string;
let key: string;

beforeAll(async () => {
  // The worker is left to the tests, which run its rounds themselves.
  server = await startTestServer({ ERASURE_DELAY: '2h', WORKER_POLL_MS: '3600000' });
  cookie = `session=${await createTestSession()}`;
  key = (await createKey(server.url, await createTestSession())).key;
});
afterAll(() => server?.stop());

const run = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db(), query);
const erase = (id: unknown) => post<ErasureState>(server.url, '/api/admin/eraseuser', { id }, { cookie });
const cancel = (id: unknown) =>
  post<ErasureState>(server.url, '/api/admin/cancelerasure', { id }, { cookie });
const makeDue = (userId: number) =>
  run(sql`UPDATE user_erasures SET scheduled_for = now() - interval '1 second' WHERE user_id = ${userId}`);

/** A player with a record in every part of the export: plays, a notification read, a thread, a trail. */
async function playerWithRecord(plays = 3) {
  const [userId] = await insertUsers([
    { firstName: 'Ana', lastName: 'Pop', phone: '+40 700 000 001', externalId: `ext-${Math.random()}` },
  ]);
  const [puzzle] = await run<{ id: number }>(
    sql`INSERT INTO puzzles (title, category, difficulty) VALUES ('Kakuro', 'logic', 'easy') RETURNING id`,
  );
  await run(sql`INSERT INTO game_history (user_id, puzzle_id, score, duration, result, played_at)
    SELECT ${userId}, ${puzzle!.id}, g, 60, 'won', now() - g * interval '1 minute'
    FROM generate_series(1, ${plays}) g`);
  const [note] = await run<{
    id: number;
  }>(sql`INSERT INTO notifications (title, message, audience, state, sent_at)
    VALUES ('Season', 'A new season', 'users', 'sent', now()) RETURNING id`);
  await run(sql`INSERT INTO notification_recipients (notification_id, user_id, read_at)
    VALUES (${note!.id}, ${userId}, now())`);
  const [query] = await run<{ id: number }>(sql`INSERT INTO support_queries (user_id, subject, message)
    VALUES (${userId}, 'Lost my streak', 'Ana here, my streak vanished') RETURNING id`);
  await run(sql`INSERT INTO support_replies (query_id, kind, message)
    VALUES (${query!.id}, 'reply', 'Sorry Ana, restored'), (${query!.id}, 'note', 'Ana is a regular')`);
  const update = await post(
    server.url,
    '/api/admin/changestatus',
    { id: userId, status: 'blocked', reason: 'spam' },
    { cookie },
  );
  expect(update.status).toBe(200);
  const noted = await post(
    server.url,
    '/api/admin/addusernote',
    { user_id: userId, text: 'Ana asked twice about refunds' },
    { cookie },
  );
  expect(noted.status).toBe(200);
  return { userId: userId!, queryId: query!.id };
}

describe('exportuserdata', () => {
  it('answers the whole record as one JSON attachment, audited, without secrets', async () => {
    const { userId } = await playerWithRecord(2500);
    const response = await fetch(`${server.url}/api/admin/exportuserdata?id=${userId}`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="player-\d+-[\d-]+\.json"$/,
    );
    const document = (await response.json()) as Record<string, unknown> & {
      profile: Record<string, unknown>;
      plays: unknown[];
      notifications: { read_at: string | null }[];
      support_threads: { subject: string; messages: { message: string; kind: string }[] }[];
      audit: Record<string, unknown>[];
      bans: { reason: string | null; until: string | null; lifted_at: string | null }[];
      notes: { text: string }[];
    };
    expect(document.profile).toMatchObject({ id: userId, first_name: 'Ana', phone: '+40 700 000 001' });
    // More plays than one batch: every one of them, in order.
    expect(document.plays).toHaveLength(2500);
    expect(document.notifications).toHaveLength(1);
    expect(document.notifications[0]!.read_at).not.toBeNull();
    expect(document.support_threads[0]!.subject).toBe('Lost my streak');
    expect(document.support_threads[0]!.messages.map((message) => message.kind)).toEqual(['reply', 'note']);
    expect(document.audit.map((entry) => entry.action)).toContain('users.block');
    expect(document.bans).toEqual([
      expect.objectContaining({ reason: 'spam', until: null, lifted_at: null }),
    ]);
    expect(document.notes.map((note) => note.text)).toEqual(['Ana asked twice about refunds']);
    for (const entry of document.audit) {
      expect(Object.keys(entry)).not.toEqual(expect.arrayContaining(['ip']));
      expect(entry).not.toHaveProperty('user_agent');
      expect(entry).not.toHaveProperty('actor_email');
    }
    expect(await countAudit('users.export_data', `users:${userId}`)).toBe(1);
  });

  it('answers 404 for an unknown player, 400 for a bad id, 403 to a cross-site cookie request', async () => {
    const headers = { cookie, 'sec-fetch-site': 'same-origin' };
    expect((await get(server.url, '/api/admin/exportuserdata?id=999999', headers)).status).toBe(404);
    const bad = await get(server.url, '/api/admin/exportuserdata?id=abc', headers);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('id');
    const [userId] = await insertUsers([{}]);
    const cross = await fetch(`${server.url}/api/admin/exportuserdata?id=${userId}`, {
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
  });
});

describe('eraseuser and cancelerasure', () => {
  it('schedules ERASURE_DELAY ahead, once for a double submit, and cancels before then', async () => {
    const [userId] = await insertUsers([{}]);
    const before = Date.now();
    const [first, second] = await Promise.all([erase(userId), erase(userId)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const due = new Date(first.body.ResponseBody!.scheduled_for!).getTime();
    expect(due - before).toBeGreaterThan(2 * 3600_000 - 60_000);
    expect(due - before).toBeLessThan(2 * 3600_000 + 60_000);
    expect(second.body.ResponseBody!.scheduled_for).toBe(first.body.ResponseBody!.scheduled_for);
    expect(await countAudit('users.erasure_schedule', `users:${userId}`)).toBe(1);
    const state = await get<ErasureState>(server.url, `/api/admin/getusererasure?id=${userId}`, { cookie });
    expect(state.body.ResponseBody!.scheduled_for).toBe(first.body.ResponseBody!.scheduled_for);

    const cancelled = await cancel(userId);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.ResponseBody).toMatchObject({ scheduled_for: null, erased_at: null });
    expect((await cancel(userId)).status).toBe(409);
    expect(await countAudit('users.erasure_cancel', `users:${userId}`)).toBe(1);

    // A cancelled erasure never happens, even once its date has passed.
    await eraseDueUsers();
    const [row] = await run<{ first_name: string }>(sql`SELECT first_name FROM users WHERE id = ${userId}`);
    expect(row!.first_name).not.toBe('Erased player');
  });

  it('answers 404 for an unknown player and 400 naming id for a bad one', async () => {
    expect((await erase(999999)).status).toBe(404);
    expect((await cancel(999999)).status).toBe(404);
    for (const bad of ['x', -1, 1.5, null]) {
      const answer = await erase(bad);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty('id');
    }
  });

  it('lets the product ask on the player’s behalf (scope users.write), 404 for an unknown id', async () => {
    const [userId] = await insertUsers([{ externalId: 'asked-by-game' }]);
    const asked = await post<ErasureState>(
      server.url,
      '/api/app/users/asked-by-game/erasure',
      {},
      { authorization: `Bearer ${key}` },
    );
    expect(asked.status).toBe(200);
    expect(asked.body.ResponseBody).toMatchObject({ user_id: userId });
    const [entry] = await run<{ api_key_id: number | null }>(
      sql`SELECT api_key_id FROM audit_log WHERE action = 'users.erasure_schedule' AND target = ${`users:${userId}`}`,
    );
    expect(entry!.api_key_id).not.toBeNull();
    const unknown = await post(
      server.url,
      '/api/app/users/nobody-such/erasure',
      {},
      { authorization: `Bearer ${key}` },
    );
    expect(unknown.status).toBe(404);
    expect((await post(server.url, '/api/app/users/asked-by-game/erasure', {})).status).toBe(401);
  });
});

describe('the erasure worker', () => {
  it('erases a due player: personal data gone, the row and plays kept, a tombstone refusing a re-sync', async () => {
    const { userId, queryId } = await playerWithRecord(5);
    const [{ external_id: externalId }] = (await run<{ external_id: string }>(
      sql`SELECT external_id FROM users WHERE id = ${userId}`,
    )) as [{ external_id: string }];
    expect((await erase(userId)).status).toBe(200);
    await makeDue(userId);
    // Due: too late to cancel.
    expect((await cancel(userId)).status).toBe(409);

    await eraseDueUsers();
    const [user] = await run<Record<string, unknown>>(
      sql`SELECT first_name, last_name, email, phone, profile, external_id, status FROM users WHERE id = ${userId}`,
    );
    expect(user).toEqual({
      first_name: 'Erased player',
      last_name: `#${userId}`,
      email: `erased-${userId}@erased.invalid`,
      phone: null,
      profile: null,
      external_id: null,
      status: 'blocked',
    });
    const [plays] = await run<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM game_history WHERE user_id = ${userId}`,
    );
    expect(plays!.n).toBe(5);
    const texts = await run<{ text: string }>(sql`
      SELECT subject || message AS text FROM support_queries WHERE id = ${queryId}
      UNION ALL SELECT message FROM support_replies WHERE query_id = ${queryId}`);
    expect(texts.map((row) => row.text)).toEqual(['', '', '']);
    const [notes] = await run<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM user_notes WHERE user_id = ${userId}`,
    );
    expect(notes!.n).toBe(0);
    const trail = await run<{ detail: string | null }>(
      sql`SELECT detail FROM audit_log WHERE target = ${`users:${userId}`}`,
    );
    expect(trail.map((row) => row.detail ?? '').join(' ')).not.toMatch(/Ana|Pop|\+40/);
    expect(await countAudit('users.erase', `users:${userId}`)).toBe(1);
    expect((await erase(userId)).status).toBe(409);
    expect((await cancel(userId)).status).toBe(409);

    // The product syncs the player again (a replay, a restored backup): refused, nothing written.
    const sync = await syncUsers(server.url, key, {
      users: [
        { external_id: externalId, first_name: 'Ana', last_name: 'Pop', email: 'ana.back@example.test' },
      ],
    });
    expect(sync.status).toBe(200);
    expect(sync.body.ResponseBody).toMatchObject({ created: 0, updated: 0 });
    expect(sync.body.ResponseBody!.rejected).toEqual([
      expect.objectContaining({ index: 0, field: 'external_id', code: 'erased' }),
    ]);
    const [back] = await run<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE email = 'ana.back@example.test'`,
    );
    expect(back!.n).toBe(0);
    const again = await post(
      server.url,
      `/api/app/users/${encodeURIComponent(externalId)}/erasure`,
      {},
      {
        authorization: `Bearer ${key}`,
      },
    );
    expect(again.status).toBe(409);
  });

  it('takes turns: a player with a long record does not hold back another’s erasure', async () => {
    const { userId: long, queryId } = await playerWithRecord(1);
    // 2,000 messages: four batches of this one player's texts.
    await run(sql`INSERT INTO support_replies (query_id, kind, message)
      SELECT ${queryId}, 'user', 'message ' || g FROM generate_series(1, 2000) g`);
    const [short] = await insertUsers([{ firstName: 'Short' }]);
    await erase(long);
    await erase(short);
    await makeDue(long);
    await makeDue(short!);
    await run(
      sql`UPDATE user_erasures SET scheduled_for = scheduled_for - interval '1 minute' WHERE user_id = ${long}`,
    );
    const erased = async (id: number) =>
      (
        await run<{ e: boolean }>(
          sql`SELECT erased_at IS NOT NULL AS e FROM user_erasures WHERE user_id = ${id}`,
        )
      )[0]!.e;
    // One batch at a time: the short erasure is done within a few, while the long one is not.
    let batches = 0;
    while (!(await erased(short!))) {
      let taken = 0;
      await eraseDueUsers(() => taken++ > 0);
      batches += 1;
      expect(batches).toBeLessThan(6);
    }
    expect(await erased(long)).toBe(false);
    await eraseDueUsers();
    expect(await erased(long)).toBe(true);
  });

  it.skipIf(!onPostgres)('is carried out by exactly one of two instances', async () => {
    const ids = await insertUsers(Array.from({ length: 12 }, (_, n) => ({ externalId: `twice-${n}` })));
    for (const id of ids) {
      await erase(id);
      await makeDue(id);
    }
    // Two connection pools to the one PostgreSQL: what two server instances are to each other.
    const [one, two] = await Promise.all([
      openDatabase({ url: process.env.DATABASE_URL!, dataDir: server.dataDir }),
      openDatabase({ url: process.env.DATABASE_URL!, dataDir: server.dataDir }),
    ]);
    try {
      await Promise.all([eraseDueUsers(undefined, one.db), eraseDueUsers(undefined, two.db)]);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
    for (const id of ids) expect(await countAudit('users.erase', `users:${id}`)).toBe(1);
    const [left] = await run<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE id IN ${ids} AND first_name <> 'Erased player'`,
    );
    expect(left!.n).toBe(0);
    const [tombs] = await run<{ n: number }>(sql`SELECT count(*)::int AS n FROM erasure_tombstones`);
    expect(tombs!.n).toBeGreaterThanOrEqual(ids.length);
  });
});
