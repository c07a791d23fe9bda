import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PuzzleDetail, PuzzleRow } from '../../src/shared/puzzles/puzzle-input';
import type { GamePlayRow } from '../../src/shared/games/game-input';
import type { ListResult } from '../../src/lib/envelope';
import { db } from '../../src/server/db/client';
import { auditLog, gameHistory, puzzles } from '../../src/server/db/schema';
import { get, post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  cookie = { cookie: `session=${await createTestSession()}` };
});
afterAll(() => server?.stop());

const MAZE = { type: 'maze', grid: ['#####', '#S..#', '###.#', '#E..#', '#####'] };
const valid = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  category: 'Maze',
  difficulty: 'easy',
  status: 'published',
  content: JSON.stringify(MAZE, null, 2),
  ...extra,
});

const add = (body: unknown) => post<PuzzleRow>(server.url, '/api/admin/addpuzzle', body, cookie);
const update = (body: unknown) => post<PuzzleRow>(server.url, '/api/admin/updatepuzzle', body, cookie);
const remove = (id: number) =>
  post<{ plays: number; can_archive: boolean }>(server.url, '/api/admin/deletepuzzle', { id }, cookie);
const list = async (query: string) =>
  (await get(server.url, `/api/admin/getpuzzles${query}`, cookie)).body.ResponseData as ListResult<PuzzleRow>;
const history = async (query: string) => {
  const answer = await get(server.url, `/api/admin/getgamehistory${query}`, cookie);
  return { ...answer, data: answer.body.ResponseData as ListResult<GamePlayRow> };
};
const puzzleCount = async () =>
  (await (await db()).select({ n: sql<number>`count(*)::int` }).from(puzzles))[0]!.n;
const auditCount = async (action: string) =>
  (
    await (
      await db()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, action))
  )[0]!.n;

async function play(userId: number, puzzleId: number, score: number, playedAt = new Date()) {
  await (
    await db()
  )
    .insert(gameHistory)
    .values({ userId, puzzleId, score, duration: 60, result: 'won', playedAt });
}

describe('puzzles: create, edit, list', () => {
  it('creates, reads and edits a puzzle, keeping the content text as typed, with audit rows', async () => {
    const created = await add(valid('Corridor run'));
    expect(created.status).toBe(200);
    const row = created.body.ResponseBody!;
    expect(row).toMatchObject({ title: 'Corridor run', status: 'published', plays: 0, average_score: null });

    const detail = await get<PuzzleDetail>(server.url, `/api/admin/getpuzzle?id=${row.id}`, cookie);
    expect(detail.body.ResponseBody!.content).toBe(JSON.stringify(MAZE, null, 2));

    // An API client may send the content as an object.
    const edited = await update({
      ...valid('Corridor run II', { content: MAZE, status: 'archived' }),
      id: row.id,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.ResponseBody).toMatchObject({ title: 'Corridor run II', status: 'archived' });
    expect(await auditCount('puzzles.create')).toBeGreaterThan(0);
    expect(await auditCount('puzzles.update')).toBeGreaterThan(0);
    expect((await get(server.url, '/api/admin/getpuzzle?id=999999', cookie)).status).toBe(404);
    expect((await update({ ...valid('Ghost'), id: 999999 })).status).toBe(404);
  });

  it('searches title and category and filters by category, difficulty and status', async () => {
    await add(valid('Lantern grid', { category: 'Logic Grid', difficulty: 'hard', status: 'draft' }));
    await add(valid('Lantern maze', { difficulty: 'medium' }));
    expect((await list('?search=lantern')).total).toBe(2);
    expect((await list('?search=logic grid')).list.map((p) => p.title)).toEqual(['Lantern grid']);
    expect((await list('?category=logic%20grid')).list.map((p) => p.title)).toEqual(['Lantern grid']);
    expect((await list('?search=lantern&difficulty=medium')).list.map((p) => p.title)).toEqual([
      'Lantern maze',
    ]);
    expect((await list('?search=lantern&status=draft')).total).toBe(1);
    expect((await list('?search=%25')).total).toBe(0);
    const bad = await get(server.url, '/api/admin/getpuzzles?difficulty=extreme&status=gone', cookie);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors!)).toEqual(['difficulty', 'status']);
  });
});

describe('puzzles: bad input writes nothing', () => {
  it.each([
    ['difficulty', { difficulty: 'extreme' }],
    ['status', { status: 'live' }],
    ['title', { title: '   ' }],
    ['category', { category: '' }],
  ])('refuses a bad %s with 400 naming it', async (field, change) => {
    const before = await puzzleCount();
    const answer = await add(valid('Refused', change));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors!)).toEqual([field]);
    expect(await puzzleCount()).toBe(before);
  });

  it('refuses content that is not JSON, naming `content` and its line and column', async () => {
    const before = await puzzleCount();
    const answer = await add(valid('Broken', { content: '{\n  "type": "maze",\n  "grid": ["###",]\n}' }));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ content: expect.stringMatching(/line 3, column 18/) });
    expect(await puzzleCount()).toBe(before);
  });

  it('refuses content that fails the schema, naming the path inside the JSON at its line', async () => {
    const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => 0));
    grid[2]![3] = 12;
    const answer = await add(
      valid('Bad sudoku', { content: JSON.stringify({ type: 'sudoku', grid }, null, 2) }),
    );
    expect(answer.status).toBe(400);
    // `{`, `"type"`, `"grid": [`, then 11 lines per row: row 2's fourth cell is on line 3 + 22 + 1 + 4.
    expect(answer.body.errors).toEqual({
      'content.grid[2][3]': expect.stringMatching(/^Line 30: Must be at most 9/),
    });
  });

  it('names every bad field in one answer, the content’s included', async () => {
    const answer = await add(valid('', { difficulty: 'x', content: '{"type": "quiz"}' }));
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors!).sort()).toEqual(['content.questions', 'difficulty', 'title']);
  });

  it('keeps the JSON rules: 415 for a form body, 400 for a body that is not JSON', async () => {
    const form = await fetch(`${server.url}/api/admin/addpuzzle`, {
      method: 'POST',
      headers: {
        ...cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'title=x',
    });
    expect(form.status).toBe(415);
    expect((await add('{not json')).status).toBe(400);
  });
});

describe('puzzles: plays, delete and archive', () => {
  it('keeps plays and average score exact through inserts, updates and deletes of plays', async () => {
    const [userId] = await insertUsers([
      { firstName: 'Ada', lastName: 'Player', email: 'ada.player@example.test' },
    ]);
    const puzzle = (await add(valid('Counted'))).body.ResponseBody!;
    await play(userId!, puzzle.id, 100);
    await play(userId!, puzzle.id, 51);
    await (await db()).insert(gameHistory).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: userId!,
        puzzleId: puzzle.id,
        score: i,
        result: 'lost' as const,
      })),
    );
    await (await db()).update(gameHistory).set({ score: 0 }).where(eq(gameHistory.score, 49));
    await (await db()).delete(gameHistory).where(eq(gameHistory.score, 48));
    const [exact] = await (
      await db()
    )
      .select({ n: sql<number>`count(*)::int`, sum: sql<number>`sum(score)::int` })
      .from(gameHistory)
      .where(eq(gameHistory.puzzleId, puzzle.id));
    const shown = (await list('?search=counted')).list[0]!;
    expect(shown.plays).toBe(exact!.n);
    expect(shown.average_score).toBeCloseTo(exact!.sum / exact!.n, 1);
  });

  it('deletes a never-played puzzle; a played one answers 409 with the reason and can be archived', async () => {
    const fresh = (await add(valid('Unplayed'))).body.ResponseBody!;
    expect((await remove(fresh.id)).status).toBe(200);
    expect((await remove(fresh.id)).status).toBe(404);
    expect(await auditCount('puzzles.delete')).toBe(1);

    const [userId] = await insertUsers([
      { firstName: 'Bo', lastName: 'Player', email: 'bo.player@example.test' },
    ]);
    const played = (await add(valid('Played once'))).body.ResponseBody!;
    await play(userId!, played.id, 10);
    const refused = await remove(played.id);
    expect(refused.status).toBe(409);
    expect(refused.body.ResponseMessage).toMatch(/Archive it instead/);
    expect(refused.body.ResponseBody).toEqual({ id: played.id, plays: 1, can_archive: true });
    expect(await auditCount('puzzles.delete')).toBe(1);
    const archived = await update({ ...valid('Played once', { status: 'archived' }), id: played.id });
    expect(archived.body.ResponseBody!.status).toBe('archived');
  });

  it('double submits and parallel deletes of one puzzle delete it once', async () => {
    const puzzle = (await add(valid('Raced'))).body.ResponseBody!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => remove(puzzle.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404, 404, 404, 404, 404]);
  });

  it('parallel creates each write one puzzle', async () => {
    const before = await puzzleCount();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => add(valid(`Parallel ${i}`))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await puzzleCount()).toBe(before + 8);
  });
});

describe('game history', () => {
  let ids: { u1: number; u2: number; p1: number; p2: number };

  beforeAll(async () => {
    const [u1, u2] = await insertUsers([
      { firstName: 'Hist', lastName: 'One', email: 'hist.one@example.test' },
      { firstName: '=Hist', lastName: 'Two, "quoted"', email: 'hist.two@example.test' },
    ]);
    const p1 = (await add(valid('History A'))).body.ResponseBody!.id;
    const p2 = (await add(valid('History B'))).body.ResponseBody!.id;
    ids = { u1: u1!, u2: u2!, p1, p2 };
    const day = (d: number) => new Date(Date.UTC(2024, 0, d, 12));
    await play(u1!, p1, 10, day(1));
    await play(u1!, p2, 20, day(2));
    await play(u2!, p1, 30, day(3));
    await (await db()).insert(gameHistory).values(
      Array.from({ length: 2500 }, (_, i) => ({
        userId: u2!,
        puzzleId: p2,
        score: i,
        result: 'won' as const,
        playedAt: new Date(Date.UTC(2024, 1, 1) + i * 60_000),
      })),
    );
  });

  it('filters by user, puzzle and a played-at range, newest first, with the player’s name', async () => {
    const all = (await history(`?user_id=${ids.u1}`)).data;
    expect(all.total).toBe(2);
    expect(all.list.map((p) => p.puzzle_title)).toEqual(['History B', 'History A']);
    expect(all.list[0]).toMatchObject({ user_name: 'Hist One', score: 20 });
    const byPuzzle = (await history(`?puzzle_id=${ids.p1}`)).data;
    expect(byPuzzle.total).toBe(2);
    const ranged = (await history(`?puzzle_id=${ids.p1}&from=2024-01-02&to=2024-01-04`)).data;
    expect(ranged.list.map((p) => p.score)).toEqual([30]);
    expect((await history(`?user_id=${ids.u1}&puzzle_id=${ids.p1}`)).data.total).toBe(1);
  });

  it('refuses bad filters with 400 naming them', async () => {
    const answer = await history('?user_id=abc&from=yesterday');
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors!).sort()).toEqual(['from', 'user_id']);
    const reversed = await history('?from=2024-02-01&to=2024-01-01');
    expect(Object.keys(reversed.body.errors!)).toEqual(['to']);
  });

  it('exports the filtered plays as CSV over several batches, cells neutralised', async () => {
    // The history's download link, followed by the browser: same-origin (item 9 of issue #24).
    const link = { ...cookie, 'sec-fetch-site': 'same-origin' };
    const response = await fetch(`${server.url}/api/admin/exportgamehistory?user_id=${ids.u2}`, {
      headers: link,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="game-history-/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,played_at,user_id,user_name,puzzle_id,puzzle_title,result,score,duration');
    expect(lines).toHaveLength(1 + 2501);
    const played = lines.slice(1).map((line) => line.split(',')[1]!);
    expect([...played].sort().reverse()).toEqual(played);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(2501);
    expect(lines.at(-1)).toContain(`,"'=Hist Two, ""quoted""",`);
    const ranged = await fetch(
      `${server.url}/api/admin/exportgamehistory?puzzle_id=${ids.p1}&from=2024-01-02T00:00:00Z`,
      { headers: link },
    );
    expect((await ranged.text()).trimEnd().split('\r\n')).toHaveLength(2);
    expect(await auditCount('games.export')).toBe(2);
  });
});
