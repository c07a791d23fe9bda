import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult } from '../../src/lib/envelope';
import type { GamePlayRow } from '../../src/shared/games/game-input';
import type { UserPick, UserRow } from '../../src/shared/users/user-input';
import { db } from '../../src/server/db/client';
import { gameHistory, puzzles } from '../../src/server/db/schema';
import { get } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertManyUsers, insertUsers } from '../support/users';

let server: TestServer;
let cookie: Record<string, string>;
let ids: number[];

beforeAll(async () => {
  server = await startTestServer();
  cookie = { cookie: `session=${await createTestSession()}` };
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  ids = await insertUsers([
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@analytical.test',
      phone: '+44 20 7946 0001',
      createdAt: day(1),
      lastActiveAt: day(20),
    },
    {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.test',
      phone: '+1 555 0100',
      createdAt: day(2),
      lastActiveAt: null,
    },
    {
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan@bletchley.test',
      status: 'blocked',
      createdAt: day(3),
      lastActiveAt: day(25),
    },
    {
      firstName: 'Quote"d',
      lastName: "O'Brien",
      email: 'percent_100%@odd.test',
      phone: null,
      createdAt: day(4),
    },
    { firstName: 'Back\\slash', lastName: 'Under_score', email: 'back@odd.test', createdAt: day(5) },
  ]);
  const [puzzle] = await (
    await db()
  )
    .insert(puzzles)
    .values({ title: 'Sudoku 1', category: 'logic', difficulty: 'easy', status: 'published' })
    .returning({ id: puzzles.id });
  await (await db()).insert(gameHistory).values(
    Array.from({ length: 12 }, (_, n) => ({
      userId: ids[0]!,
      puzzleId: puzzle!.id,
      score: n * 10,
      result: n % 3 === 0 ? ('lost' as const) : ('won' as const),
      playedAt: new Date(Date.UTC(2026, 1, n + 1)),
    })),
  );
});
afterAll(() => server?.stop());

const list = async (query: string) => {
  const answer = await get<unknown>(server.url, `/api/admin/getusers?${query}`, cookie);
  return { ...answer, data: answer.body.ResponseBody as ListResult<UserRow> };
};
const names = (rows: UserRow[]) => rows.map((row) => row.first_name);

describe('getusers', () => {
  it('needs a session', async () => {
    expect((await get(server.url, '/api/admin/getusers')).status).toBe(401);
  });

  it('answers its page under ResponseBody, as the seed’s call table reads it (DESIGN.md §5)', async () => {
    const answer = await get<ListResult<UserRow>>(server.url, '/api/admin/getusers?record=2&page=1', cookie);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([
      'ResponseBody',
      'ResponseCode',
      'ResponseMessage',
      'succeeded',
    ]);
    expect(answer.body.ResponseBody).toMatchObject({ total: 5, page: 1, record: 2 });
    expect(answer.body.ResponseBody!.list).toHaveLength(2);
  });

  it('pages with a total, newest first by default, with games played', async () => {
    const first = await list('record=2');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ total: 5, page: 0, record: 2 });
    expect(names(first.data.list)).toEqual(['Back\\slash', 'Quote"d']);
    const last = await list('record=2&page=2');
    expect(names(last.data.list)).toEqual(['Ada']);
    expect(last.data.list[0]).toMatchObject({
      games_played: 12,
      email: 'ada@analytical.test',
      status: 'active',
    });
    expect(last.data.list[0]!.created_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('matches substrings of name, email or phone, in any letter case', async () => {
    expect(names((await list('search=LOVE')).data.list)).toEqual(['Ada']);
    expect(names((await list('search=navy.te')).data.list)).toEqual(['Grace']);
    expect(names((await list('search=555%200100')).data.list)).toEqual(['Grace']);
    expect(names((await list('search=ada%20love')).data.list)).toEqual(['Ada']);
    expect((await list('search=nobody-like-this')).data).toMatchObject({ total: 0, list: [] });
  });

  it('treats quotes, %, _, backslashes and very long strings as plain text', async () => {
    const cases: [string, string[]][] = [
      ['"', ['Quote"d']],
      ["O'Bri", ['Quote"d']],
      ['%', ['Quote"d']],
      ['_100%', ['Quote"d']],
      ['_', ['Back\\slash', 'Quote"d']],
      ['\\', ['Back\\slash']],
      ["'; drop table users; --", []],
    ];
    for (const [search, expected] of cases) {
      const answer = await list(`search=${encodeURIComponent(search)}&sort=name`);
      expect(answer.status, search).toBe(200);
      expect(names(answer.data.list).sort(), search).toEqual(expected.sort());
    }
    const long = await list(`search=${'a'.repeat(10_000)}`);
    expect(long.status).toBe(200);
    expect(long.data.total).toBe(0);
  });

  it('filters by status and keeps the total of the filter', async () => {
    const blocked = await list('status=blocked');
    expect(blocked.data.total).toBe(1);
    expect(names(blocked.data.list)).toEqual(['Alan']);
    expect((await list('status=active')).data.total).toBe(4);
    expect((await list('status=')).data.total).toBe(5);
    expect((await list('status=blocked&search=ada')).data.total).toBe(0);
  });

  it('sorts by name, joined and last active, both ways', async () => {
    expect(names((await list('sort=name')).data.list)).toEqual([
      'Ada',
      'Alan',
      'Back\\slash',
      'Grace',
      'Quote"d',
    ]);
    expect(names((await list('sort=-name')).data.list)[0]).toBe('Quote"d');
    expect(names((await list('sort=joined')).data.list)[0]).toBe('Ada');
    // Most recently active first; never-active users last.
    const active = names((await list('sort=-last_active')).data.list);
    expect(active.slice(0, 2)).toEqual(['Alan', 'Ada']);
    expect(names((await list('sort=last_active')).data.list).slice(-2)).toEqual(['Ada', 'Alan']);
  });

  it('names the field of a bad query', async () => {
    for (const [query, field] of [
      ['record=101', 'record'],
      ['record=0', 'record'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['status=deleted', 'status'],
      ['sort=email', 'sort'],
    ]) {
      const answer = await get(server.url, `/api/admin/getusers?${query}`, cookie);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), query).toEqual([field]);
    }
  });
});

describe('the user counters behind the totals', () => {
  it('stay exact through random adds, blocks, unblocks and deletes', async () => {
    const database = await db();
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 25; round += 1) {
      const pick = random();
      if (pick < 0.35) {
        await database.execute(sql`INSERT INTO users (first_name, last_name, email, status)
          SELECT 'R', 'R', 'r' || ${round} || '.' || g || '@r.test', CASE WHEN g % 3 = 0 THEN 'blocked' ELSE 'active' END
          FROM generate_series(1, ${1 + Math.floor(random() * 20)}) g`);
      } else if (pick < 0.6) {
        await database.execute(
          sql`UPDATE users SET status = 'blocked' WHERE id % 4 = ${Math.floor(random() * 4)} AND first_name = 'R'`,
        );
      } else if (pick < 0.8) {
        await database.execute(
          sql`UPDATE users SET status = 'active', last_name = 'X' WHERE id % 3 = ${Math.floor(random() * 3)} AND first_name = 'R'`,
        );
      } else {
        await database.execute(
          sql`DELETE FROM users WHERE id % 5 = ${Math.floor(random() * 5)} AND first_name = 'R'`,
        );
      }
      const [counted] = (
        (await database.execute(sql`SELECT
          (SELECT count(*)::int FROM users) AS all_users,
          (SELECT count(*)::int FROM users WHERE status = 'blocked') AS blocked`)) as unknown as {
          rows: { all_users: number; blocked: number }[];
        }
      ).rows;
      const [all, blocked] = await Promise.all([list('record=1'), list('record=1&status=blocked')]);
      expect(all.data.total).toBe(counted!.all_users);
      expect(blocked.data.total).toBe(counted!.blocked);
    }
    await database.execute(sql`DELETE FROM users WHERE first_name = 'R'`);
  });
});

describe('getuser, getgamehistory and the picker', () => {
  it('gives a user with their counts, and 404 for an unknown id', async () => {
    const answer = await get<{
      user: UserRow;
      stats: { games: number; wins: number; last_played_at: string };
    }>(server.url, `/api/admin/getuser?id=${ids[0]}`, cookie);
    expect(answer.body.ResponseBody!.stats).toEqual({
      games: 12,
      wins: 8,
      last_played_at: '2026-02-12T00:00:00.000Z',
    });
    expect((await get(server.url, '/api/admin/getuser?id=999999', cookie)).status).toBe(404);
    expect((await get(server.url, '/api/admin/getuser?id=x', cookie)).body.errors).toHaveProperty('id');
  });

  it("pages a user's plays, newest first", async () => {
    const answer = await get<never>(
      server.url,
      `/api/admin/getgamehistory?user_id=${ids[0]}&record=5&page=1`,
      cookie,
    );
    const data = answer.body.ResponseData as ListResult<GamePlayRow>;
    expect(data.total).toBe(12);
    expect(data.list.map((play) => play.score)).toEqual([60, 50, 40, 30, 20]);
    expect(data.list[0]).toMatchObject({ puzzle_title: 'Sudoku 1', result: 'lost', user_id: ids[0] });
    const none = await get<never>(server.url, `/api/admin/getgamehistory?user_id=${ids[1]}`, cookie);
    expect((none.body.ResponseData as ListResult<GamePlayRow>).total).toBe(0);
  });

  it('answers the picker with at most 20 {id, name, email}, still under ResponseData', async () => {
    await insertUsers(Array.from({ length: 25 }, (_, n) => ({ firstName: 'Picker', lastName: `P${n}` })));
    const answer = await get<never>(server.url, '/api/admin/admin/get-users?search=picker', cookie);
    expect(answer.body).not.toHaveProperty('ResponseBody');
    const picks = (answer.body.ResponseData as { list: UserPick[] }).list;
    expect(picks).toHaveLength(20);
    expect(Object.keys(picks[0]!).sort()).toEqual(['email', 'id', 'name']);
    expect(picks[0]!.name).toMatch(/^Picker P/);
    const ada = await get<never>(server.url, '/api/admin/admin/get-users?search=lovelace', cookie);
    expect((ada.body.ResponseData as { list: UserPick[] }).list).toEqual([
      { id: ids[0], name: 'Ada Lovelace', email: 'ada@analytical.test' },
    ]);
  });
});

describe('a broad search', () => {
  it('stops counting at 1,000 (capped) and still pages in the chosen order', async () => {
    await insertManyUsers(1_050, 'Broadsearch');
    const first = await list('search=broadsearch&record=5');
    expect(first.data).toMatchObject({ total: 1000, capped: true });
    const emails = first.data.list.map((row) => row.email);
    expect(emails).toEqual([1050, 1049, 1048, 1047, 1046].map((n) => `Broadsearch.${n}@bulk.test`));
    // Text order: Bulk1, Bulk10, Bulk100, Bulk1000, …
    const byName = await list('search=broadsearch&record=3&sort=name&page=1');
    expect(byName.data.list.map((row) => row.last_name)).toEqual(['Bulk1000', 'Bulk1001', 'Bulk1002']);
    // Past the cap the pages go on.
    const deep = await list('search=broadsearch&record=100&page=10');
    expect(deep.data.list).toHaveLength(50);
    const narrow = await list('search=broadsearch.104%40');
    expect(narrow.data).toMatchObject({ total: 1, capped: false });
  });
});
