import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '../../src/shared/dashboard/dashboard-input';
import { database, db } from '../../src/server/db/client';
import { edgeHours } from '../../src/server/dashboard/edge-hours';
import { periodOf } from '../../src/server/dashboard/period';
import { rowsOf } from '../../src/server/db/rows';
import { seedDemoData } from '../../src/server/db/seed';
import { get } from '../support/api';
import { countedFromBaseTables, nextDay, todayIn } from '../support/dashboard';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let cookie: string;

/** UTC, half- and three-quarter-hour offsets, and zones whose offset changes (DST) in or near the ranges. */
const ZONES = [
  'UTC',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/New_York',
  'America/St_Johns',
  'Pacific/Chatham',
];
const RANGES = [7, 30, 90] as const;

beforeAll(async () => {
  server = await startTestServer();
  cookie = `session=${await createTestSession()}`;
});
afterAll(() => server?.stop());

const dashboard = (query: string) =>
  get<never>(server.url, `/api/admin/getcountdashoard${query}`, { cookie });

async function answerFor(range: number, tz: string): Promise<DashboardData> {
  const answer = await dashboard(`?range=${range}&tz=${encodeURIComponent(tz)}`);
  expect(answer.status).toBe(200);
  return answer.body.ResponseData as DashboardData;
}

/** Each zone and range: the API's figures equal whole-table counts, and its days are the zone's. */
async function expectExact(zones = ZONES) {
  for (const tz of zones) {
    for (const range of RANGES) {
      const answer = await answerFor(range, tz);
      expect(answer.to).toBe(todayIn(tz));
      expect(answer.from).toBe(nextDay(answer.to, 1 - range));
      expect(answer.previous_from).toBe(nextDay(answer.from, -range));
      const counted = await countedFromBaseTables(answer);
      expect({ tz, range, counts: answer.counts }).toEqual({ tz, range, counts: counted.counts });
      expect({ tz, range, series: answer.series }).toEqual({ tz, range, series: counted.series });
    }
  }
}

/** A small deterministic PRNG, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('getcountdashoard: exact after random writes of every kind', () => {
  const rand = random(20260513);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  let instants: Date[] = [];

  /** Times on the edges that matter (every zone's period midnights, ±1 ms / 1 s / 15 min) or anywhere. */
  const when = (): string => {
    const roll = rand();
    if (roll < 0.45 && instants.length) {
      const base = pick(instants).getTime();
      return new Date(base + pick([0, -1, 1, -1000, 1000, -900_000, 900_000])).toISOString();
    }
    // Mostly the last 200 days, a few older and a few in the future.
    const span = roll < 0.95 ? 200 : 600;
    return new Date(
      Date.now() - rand() * span * 86_400_000 + (roll > 0.98 ? 2 * 86_400_000 : 0),
    ).toISOString();
  };

  const ids = async (table: string) =>
    (await rowsOf<{ id: number }>(await db(), sql`SELECT id FROM ${sql.identifier(table)} ORDER BY id`)).map(
      (r) => r.id,
    );
  const some = (list: number[], share: number) => list.filter(() => rand() < share);
  const run = async (query: ReturnType<typeof sql>) => (await db()).execute(query);
  const values = <T>(rows: T[], row: (item: T) => ReturnType<typeof sql>) => sql.join(rows.map(row), sql`, `);

  beforeAll(async () => {
    const edges = await rowsOf<{ at: string }>(
      await db(),
      sql`SELECT (d::timestamp AT TIME ZONE z)::text AS at
          FROM unnest(string_to_array(${ZONES.join(',')}, ',')) z,
          LATERAL (SELECT (now() AT TIME ZONE z)::date AS today) t,
          LATERAL unnest(ARRAY[t.today + 1, t.today - 6, t.today - 13, t.today - 29, t.today - 59, t.today - 89, t.today - 179]) d`,
    );
    instants = edges.map((edge) => new Date(edge.at));
  });

  async function addUsers(count: number) {
    const rows = Array.from({ length: count }, (_, index) => index);
    const tag = Math.floor(rand() * 1e9);
    await run(sql`INSERT INTO users (first_name, last_name, email, status, created_at)
      VALUES ${values(rows, (index) => sql`('R', ${`n${index}`}, ${`r${tag}.${index}@dash.test`}, ${rand() < 0.2 ? 'blocked' : 'active'}, ${when()})`)}`);
  }

  async function addPuzzles(count: number) {
    const rows = Array.from({ length: count }, (_, index) => index);
    await run(sql`INSERT INTO puzzles (title, category, difficulty, status, created_at)
      VALUES ${values(rows, (index) => sql`(${`Puzzle ${index}`}, 'logic', 'easy', ${pick(['draft', 'published', 'archived'])}, ${when()})`)}`);
  }

  async function addPlays(count: number) {
    const [people, boards] = [await ids('users'), await ids('puzzles')];
    if (!people.length || !boards.length) return;
    const rows = Array.from({ length: count }, () => [pick(people), pick(boards)] as const);
    await run(sql`INSERT INTO game_history (user_id, puzzle_id, score, result, played_at)
      VALUES ${values(rows, ([user, puzzle]) => sql`(${user}, ${puzzle}, 10, 'won', ${when()})`)}`);
  }

  async function addNotificationsAndQueries(count: number) {
    const rows = Array.from({ length: count }, (_, index) => index);
    await run(sql`INSERT INTO notifications (title, message, state, sent_at, scheduled_at, created_at)
      VALUES ${values(rows, () => {
        const state = pick(['sent', 'sent', 'scheduled', 'cancelled']);
        // Scheduled ones are due next month: the server's worker would otherwise send them mid-test.
        const due = new Date(Date.now() + 30 * 86_400_000).toISOString();
        return sql`('T', 'M', ${state}, ${state === 'sent' && rand() < 0.9 ? when() : null}, ${state === 'sent' ? null : due}, ${when()})`;
      })}`);
    await run(sql`INSERT INTO support_queries (subject, message, status, created_at)
      VALUES ${values(rows, () => sql`('S', 'M', ${pick(['open', 'in_progress', 'resolved'])}, ${when()})`)}`);
  }

  async function shuffleEverything() {
    const users = await ids('users');
    const blockers = some(users, 0.2);
    if (blockers.length) {
      await run(sql`UPDATE users SET status = CASE status WHEN 'active' THEN 'blocked' ELSE 'active' END
        WHERE id IN ${sql.raw(`(${blockers.join(',')})`)}`);
    }
    for (const id of some(users, 0.05))
      await run(sql`UPDATE users SET created_at = ${when()} WHERE id = ${id}`);
    // Updates that change nothing counted (last activity) must leave every figure alone.
    await run(sql`UPDATE users SET last_active_at = now() WHERE id % 3 = 0`);
    const plays = await ids('game_history');
    const boards = await ids('puzzles');
    for (const id of some(plays, 0.03)) {
      await run(
        sql`UPDATE game_history SET played_at = ${when()}, puzzle_id = ${pick(boards)} WHERE id = ${id}`,
      );
    }
    const gone = some(plays, 0.1);
    if (gone.length) await run(sql`DELETE FROM game_history WHERE id IN ${sql.raw(`(${gone.join(',')})`)}`);
    // Deleting users and a puzzle deletes their plays through the foreign keys' cascades.
    const leaving = some(users, 0.05);
    if (leaving.length) await run(sql`DELETE FROM users WHERE id IN ${sql.raw(`(${leaving.join(',')})`)}`);
    if (boards.length > 3) await run(sql`DELETE FROM puzzles WHERE id = ${pick(boards)}`);
    await run(sql`UPDATE puzzles SET status = CASE status WHEN 'published' THEN 'archived' ELSE 'published' END
      WHERE id % 2 = ${Math.floor(rand() * 2)}`);
    await run(
      sql`UPDATE notifications SET state = 'sent', sent_at = ${when()} WHERE state = 'scheduled' AND id % 2 = 0`,
    );
    await run(sql`DELETE FROM notifications WHERE id % 7 = ${Math.floor(rand() * 7)}`);
    await run(
      sql`UPDATE support_queries SET status = ${pick(['open', 'resolved'])} WHERE id % 3 = ${Math.floor(rand() * 3)}`,
    );
    await run(sql`DELETE FROM support_queries WHERE id % 11 = ${Math.floor(rand() * 11)}`);
  }

  it('starts exact on an empty database', async () => {
    await expectExact(['UTC', 'Asia/Kolkata']);
  });

  it('stays exact through rounds of adds, blocks, unblocks, plays, moves and deletes', async () => {
    for (let round = 0; round < 3; round += 1) {
      await addUsers(60);
      await addPuzzles(6);
      await addPlays(400);
      await addNotificationsAndQueries(15);
      await shuffleEverything();
      await expectExact(round === 2 ? ZONES : [pick(ZONES), 'America/New_York']);
    }
  }, 120_000);

  it('stays exact when many transactions record plays at once', async () => {
    const [people, boards] = [await ids('users'), await ids('puzzles')];
    const now = new Date().toISOString();
    await Promise.all(
      Array.from({ length: 16 }, (_, batch) =>
        (async () =>
          (await db()).transaction(async (tx) => {
            const rows = Array.from({ length: 25 }, (_, index) => [
              people[(batch * 25 + index) % people.length]!,
              boards[index % boards.length]!,
            ]);
            await tx.execute(sql`INSERT INTO game_history (user_id, puzzle_id, result, played_at)
              VALUES ${values(rows, ([user, puzzle]) => sql`(${user}, ${puzzle}, 'lost', ${now})`)}`);
            await tx.execute(sql`INSERT INTO users (first_name, last_name, email, created_at)
              VALUES ('P', ${`p${batch}`}, ${`parallel${batch}@dash.test`}, ${now})`);
          }))(),
      ),
    );
    await expectExact(['UTC', 'Asia/Kathmandu']);
  }, 60_000);

  it('stays exact after the demo seed (as `npm run seed` runs it)', async () => {
    const target = await database();
    await seedDemoData(target, { users: 400, games: 3000 }, () => {}, {
      exclusive: target.kind === 'pglite',
    });
    await expectExact(['Europe/London', 'Asia/Kolkata']);
  }, 120_000);

  it('reads 15-minute buckets only for the hours holding an off-the-hour local midnight, and both levels agree', async () => {
    const run = await db();
    // How many of a 90-day period's hours need quarters: none for whole-hour zones (New York and
    // London cross a DST change inside these 180 days), one per midnight (181) for fractional
    // offsets, some for Lord Howe (+10:30, DST +11) and for Pyongyang (+08:30 from 2015-08-15 to
    // 2018-05-04).
    const split = async (tz: string, at: string) => {
      const hours = await edgeHours(run, tz, periodOf(90, tz, new Date(at)));
      const count = hours === '' ? 0 : hours.split(',').length;
      return count === 0 || count === 181 ? count : 'some';
    };
    for (const [tz, at, expected] of [
      ['UTC', '2026-11-24T12:00:00Z', 0],
      ['America/New_York', '2026-11-24T12:00:00Z', 0],
      ['Europe/London', '2026-04-10T12:00:00Z', 0],
      ['Asia/Pyongyang', '2020-01-01T12:00:00Z', 0],
      ['Asia/Pyongyang', '2015-09-01T12:00:00Z', 'some'],
      ['Asia/Pyongyang', '2018-07-01T12:00:00Z', 'some'],
      ['Australia/Lord_Howe', '2026-11-24T12:00:00Z', 'some'],
      ['Asia/Kolkata', '2026-11-24T12:00:00Z', 181],
      ['Asia/Kathmandu', '2026-11-24T12:00:00Z', 181],
      ['America/St_Johns', '2026-11-24T12:00:00Z', 181],
      ['Pacific/Chatham', '2026-11-24T12:00:00Z', 181],
    ] as const) {
      expect({ tz, at, split: await split(tz, at) }).toEqual({ tz, at, split: expected });
    }
    const folded = (table: string, hour: string) =>
      rowsOf<{ metric: string; hour: string; total: string }>(
        run,
        sql`SELECT metric, ${sql.raw(hour)}::text AS hour, sum(total)::text AS total FROM ${sql.raw(table)}
            GROUP BY 1, 2 HAVING sum(total) <> 0 ORDER BY 1, 2`,
      );
    const quarters = await folded(
      'dashboard_buckets',
      "date_bin('1 hour', bucket, TIMESTAMPTZ '2000-01-01Z')",
    );
    expect(quarters.length).toBeGreaterThan(100);
    expect(await folded('dashboard_hour_buckets', 'bucket')).toEqual(quarters);
  });

  it('shows the same numbers in the page as in the API, in the zone of the cookie', async () => {
    for (const [range, tz] of [
      [30, 'Asia/Kolkata'],
      [7, 'UTC'],
    ] as const) {
      const answer = await answerFor(range, tz);
      const response = await fetch(`${server.url}/dashboard?range=${range}`, {
        headers: { cookie: `${cookie}; tz=${encodeURIComponent(tz)}` },
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      const cards = [...html.matchAll(/data-count="(\w+)" data-value="(\d+)" data-previous="(\d+)"/g)];
      expect(
        Object.fromEntries(
          cards.map(([, name, value, previous]) => [
            name,
            { value: Number(value), previous: Number(previous) },
          ]),
        ),
      ).toEqual(answer.counts);
      const series = (name: string) => {
        const table = html.slice(html.indexOf(`data-series="${name}"`));
        const end = table.indexOf('</table>');
        // Each day with the previous period's same day beside it (the ghost series' column).
        return [
          ...table
            .slice(0, end)
            .matchAll(/data-day="([\d-]+)" data-value="(\d+)">[^<]*<\/td>\s*<td data-previous="(\d+)"/g),
        ].map(([, day, value, previous]) => ({ day, value: Number(value), previous: Number(previous) }));
      };
      expect(series('games_per_day')).toEqual(answer.series.games_per_day);
      expect(series('new_users_per_day')).toEqual(answer.series.new_users_per_day);
      const top = html.slice(html.indexOf('data-series="top_puzzles"'));
      const topRows = [
        ...top.matchAll(/data-puzzle="(\d+)">.*?<td data-value="(\d+)">.*?<td data-value="(\d+)">/gs),
      ];
      expect(topRows.map(([, id, plays, previous]) => [Number(id), Number(plays), Number(previous)])).toEqual(
        answer.series.top_puzzles.map((puzzle) => [puzzle.id, puzzle.plays, puzzle.previous]),
      );
      expect(html).toContain(`(${tz})`);
    }
  });
});

describe('getcountdashoard input', () => {
  it('defaults to 7 days in UTC', async () => {
    const answer = await dashboard('');
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseData).toMatchObject({ range: 7, tz: 'UTC', to: todayIn('UTC') });
  });

  it.each([
    ['?range=14', 'range'],
    ['?range=abc', 'range'],
    ['?range=', 'range'],
    ['?range=7.0', 'range'],
    ['?tz=Mars%2FPhobos', 'tz'],
    ['?tz=%2B05%3A30', 'tz'],
    ['?tz=', 'tz'],
    ['?tz=Europe%2FParis%3Bdrop', 'tz'],
    [`?tz=${'A'.repeat(200)}`, 'tz'],
  ])('%s → 400 naming %s', async (query, field) => {
    const answer = await dashboard(query);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
  });

  it('is for signed-in admins only', async () => {
    const answer = await get(server.url, '/api/admin/getcountdashoard?range=7');
    expect(answer.status).toBe(401);
  });
});
