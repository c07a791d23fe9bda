import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { auditLog, gameHistory, puzzles, users } from '../../src/server/db/schema';
import { get, post } from '../support/api';
import { createKey } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let key: string;
let userIds: number[];
let published: number;
let draft: number;

interface Recorded {
  recorded: number;
  rejected: { index: number; field: string; code: string; reason: string }[];
}

beforeAll(async () => {
  server = await startTestServer();
  const token = await createTestSession();
  key = (await createKey(server.url, token, 'Games')).key;
  userIds = await insertUsers(
    Array.from({ length: 20 }, (_, i) => ({
      firstName: 'Player',
      lastName: String(i),
      email: `player${i}@example.test`,
      externalId: `ext-${i}`,
    })),
  );
  const content = JSON.stringify({
    type: 'quiz',
    questions: [{ question: 'Q', choices: ['a', 'b'], answer: 0 }],
  });
  const rows = await (
    await db()
  )
    .insert(puzzles)
    .values([
      { title: 'Live one', category: 'Quiz', difficulty: 'easy', status: 'published', content },
      { title: 'Work in progress', category: 'Quiz', difficulty: 'hard', status: 'draft', content },
    ])
    .returning({ id: puzzles.id });
  [published, draft] = rows.map((row) => row.id) as [number, number];
});
afterAll(() => server?.stop());

const send = (body: unknown, bearer = key) =>
  post<Recorded>(server.url, '/api/app/games', body, { authorization: `Bearer ${bearer}` });
const playsOf = async (puzzleId: number) =>
  (
    await (
      await db()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(gameHistory)
      .where(eq(gameHistory.puzzleId, puzzleId))
  )[0]!.n;
const counter = async (puzzleId: number) =>
  (await (await db()).select({ plays: puzzles.plays }).from(puzzles).where(eq(puzzles.id, puzzleId)))[0]!
    .plays;

const good = (i: number) => ({
  user_id: userIds[i % userIds.length],
  puzzle_id: published,
  score: 100 + i,
  duration: 30 + i,
  result: 'won',
});

describe('POST /api/app/games', () => {
  // How fast is `npm run bench:games`'s to say (README, figures); a timed test on a shared machine
  // only tells how busy it was.
  it('records 1,000 plays in one call', async () => {
    const before = await playsOf(published);
    const answer = await send({ games: Array.from({ length: 1000 }, (_, i) => good(i)) });
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toEqual({ recorded: 1000, rejected: [] });
    expect(await playsOf(published)).toBe(before + 1000);
    expect(await counter(published)).toBe(before + 1000);
  });

  it('rejects bad and unknown rows by index with field and reason, and records the rest', async () => {
    const before = await playsOf(published);
    const games: unknown[] = Array.from({ length: 10 }, (_, i) => good(i));
    games[1] = { ...good(1), user_id: 99_999_999 };
    games[2] = { ...good(2), puzzle_id: 99_999_999 };
    games[3] = { ...good(3), user_id: undefined, external_id: 'nobody' };
    games[4] = {
      ...good(4),
      user_id: undefined,
      external_id: 'ext-4',
      score: 7777,
      played_at: '2024-05-01T10:00:00Z',
    };
    games[5] = { ...good(5), result: 'draw' };
    games[6] = { ...good(6), score: -1 };
    games[7] = { ...good(7), external_id: 'ext-7' };
    games[8] = { ...good(8), played_at: new Date(Date.now() + 86_400_000).toISOString() };
    games[9] = 'not a play';
    const answer = await send({ games });
    expect(answer.status).toBe(200);
    const body = answer.body.ResponseBody!;
    expect(body.recorded).toBe(2);
    expect(body.rejected.map(({ index, field, code }) => [index, field, code])).toEqual([
      [1, 'user_id', 'unknown_user'],
      [2, 'puzzle_id', 'unknown_puzzle'],
      [3, 'external_id', 'unknown_user'],
      [5, 'result', 'invalid'],
      [6, 'score', 'invalid'],
      [7, 'user_id', 'invalid'],
      [8, 'played_at', 'invalid'],
      [9, 'row', 'invalid'],
    ]);
    expect(body.rejected[0]!.reason).toBe('No user has this id.');
    expect(await playsOf(published)).toBe(before + 2);
    const [byExternal] = await (
      await db()
    )
      .select({ playedAt: gameHistory.playedAt })
      .from(gameHistory)
      .innerJoin(users, eq(users.id, gameHistory.userId))
      .where(and(eq(users.externalId, 'ext-4'), eq(gameHistory.score, 7777)));
    expect(byExternal!.playedAt.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    const [audit] = await (
      await db()
    )
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'app.games_record'))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1);
    expect(JSON.parse(audit!.detail!)).toEqual({ received: 10, recorded: 2, rejected: 8 });
  });

  it('records nothing for a batch that is empty, too big, not JSON or without a key', async () => {
    const before = await playsOf(published);
    expect((await send({ games: [] })).status).toBe(400);
    const big = await send({ games: Array.from({ length: 1001 }, (_, i) => good(i)) });
    expect(big.status).toBe(400);
    expect(Object.keys(big.body.errors!)).toEqual(['games']);
    expect((await send('{"games": [')).status).toBe(400);
    expect((await send({ games: [good(0)] }, 'wrong-key')).status).toBe(401);
    expect(await playsOf(published)).toBe(before);
  });

  it('parallel calls (and a retried one) each record their own plays, counters exact', async () => {
    const before = await playsOf(published);
    const batch = { games: Array.from({ length: 200 }, (_, i) => good(i)) };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(batch)));
    expect(answers.map((a) => a.body.ResponseBody?.recorded)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await playsOf(published)).toBe(before + 1200);
    expect(await counter(published)).toBe(before + 1200);
  });

  it('a play on a puzzle being deleted is never lost half-way: delete waits or answers 409', async () => {
    const token = await createTestSession();
    const content = JSON.stringify({
      type: 'quiz',
      questions: [{ question: 'Q', choices: ['a', 'b'], answer: 0 }],
    });
    const [target] = await (
      await db()
    )
      .insert(puzzles)
      .values({ title: 'Doomed', category: 'Quiz', difficulty: 'easy', content })
      .returning({ id: puzzles.id });
    const [deleted, recorded] = await Promise.all([
      post(server.url, '/api/admin/deletepuzzle', { id: target!.id }, { cookie: `session=${token}` }),
      send({ games: [{ ...good(0), puzzle_id: target!.id }] }),
    ]);
    const plays = await playsOf(target!.id);
    if (deleted.status === 200) {
      expect(recorded.body.ResponseBody).toMatchObject({
        recorded: 0,
        rejected: [{ code: 'unknown_puzzle' }],
      });
    } else {
      expect(deleted.status).toBe(409);
      expect(plays).toBe(1);
    }
  });
});

describe('GET /api/app/puzzles', () => {
  it('lists published puzzles only, with content as an object, paged', async () => {
    const answer = await get(server.url, '/api/app/puzzles?record=50', { authorization: `Bearer ${key}` });
    expect(answer.status).toBe(200);
    const data = answer.body.ResponseData as {
      list: { id: number; content: { type: string } }[];
      total: number;
    };
    expect(data.list.map((p) => p.id)).toContain(published);
    expect(data.list.map((p) => p.id)).not.toContain(draft);
    expect(data.list[0]!.content.type).toBe('quiz');
    expect(
      (await get(server.url, '/api/app/puzzles?record=500', { authorization: `Bearer ${key}` })).status,
    ).toBe(400);
    expect((await get(server.url, '/api/app/puzzles')).status).toBe(401);
  });
});
