import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { DashboardInput, type DashboardData } from '../../shared/dashboard/dashboard-input';
import { rowsOf } from '../db/rows';
import { PERMISSIONS, type Permission } from '../../shared/roles/permissions';
import { getDashboard } from './service';

/**
 * Rows placed at known instants, and the dashboard asked as of a fixed `now`. Each test has its
 * own stretch of time, so its flows (ranges, days, top puzzles) hold only its own rows.
 */
let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
let player: number;
beforeAll(async () => {
  testDb = await openTestDatabase();
  player = await addUser('2020-01-01T00:00:00Z');
});
afterAll(() => testDb?.close());

const run = (query: ReturnType<typeof sql>) => testDb.db.db.execute(query);
async function addUser(at: string, status = 'active'): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    testDb.db.db,
    sql`INSERT INTO users (first_name, last_name, email, status, created_at)
        VALUES ('D', 'User', ${`d.${Math.random().toString(36).slice(2)}@dash.test`}, ${status}, ${at}) RETURNING id`,
  );
  return row!.id;
}
async function addPuzzle(at: string, status = 'published'): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    testDb.db.db,
    sql`INSERT INTO puzzles (title, category, difficulty, status, created_at)
        VALUES (${`Puzzle ${at}`}, 'logic', 'easy', ${status}, ${at}) RETURNING id`,
  );
  return row!.id;
}
/** Plays, each `[puzzle, instant]`, in one statement (PGlite pays per statement, triggers and all). */
const plays = (rows: [number, string][]) =>
  run(sql`INSERT INTO game_history (user_id, puzzle_id, result, played_at)
    SELECT ${player}::int, puzzle, 'won', at
    FROM unnest(${`{${rows.map(([puzzle]) => puzzle).join(',')}}`}::int[],
      ${`{${rows.map(([, at]) => at).join(',')}}`}::timestamptz[]) AS played(puzzle, at)`);
const playsOf = (puzzle: number, ...instants: string[]) =>
  instants.map((at): [number, string] => [puzzle, at]);
const dashboard = (
  range: string,
  tz: string,
  now: string,
  permissions: readonly Permission[] = PERMISSIONS,
) => getDashboard(DashboardInput.parse({ range, tz }), permissions, new Date(now));
/** The days of a series that have anything, as `{ day: value }`. */
const busyDays = (series: { day: string; value: number }[]) =>
  Object.fromEntries(series.filter((entry) => entry.value > 0).map((entry) => [entry.day, entry.value]));
const topOf = (answer: DashboardData) =>
  answer.series.top_puzzles.map(({ id, plays, previous }) => ({ id, plays, previous }));

describe('the dashboard over a range, against the previous period', () => {
  it('counts rows on the days they fall, the first and last instants of each period included (UTC)', async () => {
    // Range: 2026-03-06 … 03-12 (today); previous period: 02-27 … 03-05.
    const now = '2026-03-12T12:00:00Z';
    await addUser('2026-03-12T11:00:00Z');
    await addUser('2026-03-06T00:00:00Z', 'blocked');
    await addUser('2026-03-05T23:59:59.999Z');
    await addUser('2026-02-27T00:00:00Z');
    await addUser('2026-02-26T23:59:59Z');
    await addUser('2026-03-13T00:30:00Z'); // stamped after today: counted, but on no day
    const [fresh, old, retired] = [
      await addPuzzle('2026-03-10T00:00:00Z'),
      await addPuzzle('2026-02-01T00:00:00Z', 'draft'),
      await addPuzzle('2026-03-01T00:00:00Z', 'archived'),
    ];
    await plays([
      ...playsOf(fresh, '2026-03-12T10:00:00Z', '2026-03-06T00:00:00Z', '2026-03-09T08:00:00Z'),
      ...playsOf(fresh, '2026-03-01T00:00:00Z'),
      ...playsOf(old, '2026-03-07T01:00:00Z', '2026-03-07T02:00:00Z', '2026-03-12T23:59:59Z'),
      ...playsOf(retired, '2026-03-08T00:00:00Z', '2026-02-27T00:00:00Z', '2026-03-05T23:59:59Z'),
      ...playsOf(retired, '2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', '2026-02-26T23:59:59Z'),
    ]);
    await run(sql`INSERT INTO notifications (title, message, state, sent_at, scheduled_at, created_at) VALUES
      ('a', 'm', 'sent', '2026-03-08T09:00:00Z', NULL, '2026-03-08T09:00:00Z'),
      ('b', 'm', 'sent', NULL, NULL, '2026-03-07T09:00:00Z'),
      ('c', 'm', 'sent', '2026-03-01T09:00:00Z', NULL, '2026-03-01T09:00:00Z'),
      ('d', 'm', 'scheduled', NULL, '2026-03-09T09:00:00Z', '2026-03-02T09:00:00Z')`);
    await run(sql`INSERT INTO support_queries (subject, message, status, created_at) VALUES
      ('s', 'm', 'open', '2026-03-10T00:00:00Z'), ('s', 'm', 'open', '2026-03-01T00:00:00Z'),
      ('s', 'm', 'resolved', '2026-03-02T00:00:00Z')`);

    const answer = await dashboard('7', 'UTC', now);
    expect(answer).toMatchObject({
      range: 7,
      tz: 'UTC',
      from: '2026-03-06',
      to: '2026-03-12',
      previous_from: '2026-02-27',
    });
    expect(answer.counts).toEqual({
      // Standing figures: now, and those created before the range's first day (as they stand now).
      users_total: { value: 7, previous: 4 },
      users_active: { value: 6, previous: 4 },
      users_blocked: { value: 1, previous: 0 },
      users_new: { value: 2, previous: 2 },
      games_total: { value: 13, previous: 6 },
      games_in_range: { value: 7, previous: 5 },
      puzzles_total: { value: 3, previous: 2 },
      puzzles_published: { value: 1, previous: 0 },
      notifications_sent: { value: 2, previous: 1 },
      support_open: { value: 2, previous: 1 },
    });
    expect(answer.series.games_per_day.map((entry) => entry.day)).toEqual(
      ['06', '07', '08', '09', '10', '11', '12'].map((day) => `2026-03-${day}`),
    );
    expect(busyDays(answer.series.games_per_day)).toEqual({
      '2026-03-06': 1,
      '2026-03-07': 2,
      '2026-03-08': 1,
      '2026-03-09': 1,
      '2026-03-12': 2,
    });
    expect(busyDays(answer.series.new_users_per_day)).toEqual({ '2026-03-06': 1, '2026-03-12': 1 });
    // The ghost series: each day's counterpart a period earlier (02-27 for 03-06, … 03-05 for today).
    expect(answer.series.games_per_day.map((entry) => entry.previous)).toEqual([1, 0, 1, 1, 1, 0, 1]);
    expect(answer.series.new_users_per_day.map((entry) => entry.previous)).toEqual([1, 0, 0, 0, 0, 0, 1]);
    // Most plays first; a tie goes to the older puzzle (lower id).
    expect(topOf(answer)).toEqual([
      { id: fresh, plays: 3, previous: 1 },
      { id: old, plays: 3, previous: 0 },
      { id: retired, plays: 1, previous: 4 },
    ]);

    const month = await dashboard('30', 'UTC', now);
    expect(month).toMatchObject({ from: '2026-02-11', previous_from: '2026-01-12' });
    expect(month.counts.games_in_range).toEqual({ value: 13, previous: 0 });
  });

  it('lists the ten most played in the range only, ties by id, with their previous plays', async () => {
    const now = '2028-01-20T12:00:00Z';
    const ids = (
      await rowsOf<{ id: number }>(
        testDb.db.db,
        sql`INSERT INTO puzzles (title, category, difficulty, status, created_at)
            SELECT 'Top ' || g, 'logic', 'easy', 'published', '2028-01-01T00:00:00Z'
            FROM generate_series(1, 13) AS g RETURNING id`,
      )
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    // Puzzle n: (n % 4) + 1 plays in the range, n in the previous week; the last only before.
    await plays([
      ...ids
        .slice(0, 12)
        .flatMap((id, n) => [
          ...Array.from({ length: (n % 4) + 1 }, (_, k): [number, string] => [
            id,
            `2028-01-1${4 + k}T0${k}:00:00Z`,
          ]),
          ...Array.from({ length: n }, (_, k): [number, string] => [
            id,
            `2028-01-1${k % 4}T0${k % 10}:00:00Z`,
          ]),
        ]),
      [ids[12]!, '2028-01-10T00:00:00Z'],
      [ids[12]!, '2028-01-11T00:00:00Z'],
    ]);
    const expected = ids
      .slice(0, 12)
      .map((id, n) => ({ id, plays: (n % 4) + 1, previous: n }))
      .sort((a, b) => b.plays - a.plays || a.id - b.id)
      .slice(0, 10);
    expect(topOf(await dashboard('7', 'UTC', now))).toEqual(expected);
  });
});

describe('days in the admin’s time zone', () => {
  /** Plays at instants either side of local midnights: the day each lands on, 'previous', or none. */
  async function expectPlaysOnDays(tz: string, now: string, placed: [string, string | null][]) {
    const puzzle = await addPuzzle(now);
    await plays(playsOf(puzzle, ...placed.map(([at]) => at)));
    const answer = await dashboard('7', tz, now);
    const days: Record<string, number> = {};
    for (const [, day] of placed) if (day && day !== 'previous') days[day] = (days[day] ?? 0) + 1;
    const inRange = Object.values(days).reduce((sum, value) => sum + value, 0);
    const previous = placed.filter(([, day]) => day === 'previous').length;
    expect({ tz, days: busyDays(answer.series.games_per_day) }).toEqual({ tz, days });
    expect(answer.counts.games_in_range).toEqual({ value: inRange, previous });
    expect(topOf(answer)).toEqual([{ id: puzzle, plays: inRange, previous }]);
    return answer;
  }

  it('puts a play on the local day of a half-hour zone (Asia/Kolkata, +05:30)', async () => {
    const answer = await expectPlaysOnDays('Asia/Kolkata', '2025-06-15T12:00:00Z', [
      ['2025-06-01T18:29:59Z', null],
      ['2025-06-01T18:30:00Z', 'previous'],
      ['2025-06-08T18:29:59.999Z', 'previous'],
      ['2025-06-08T18:30:00Z', '2025-06-09'],
      ['2025-06-08T20:00:00Z', '2025-06-09'],
      ['2025-06-15T18:29:59Z', '2025-06-15'],
      ['2025-06-15T18:30:00Z', null],
    ]);
    expect(answer).toMatchObject({ from: '2025-06-09', to: '2025-06-15', previous_from: '2025-06-02' });
  });

  it('and of a quarter-hour zone (Asia/Kathmandu, +05:45)', async () => {
    await expectPlaysOnDays('Asia/Kathmandu', '2024-06-15T12:00:00Z', [
      ['2024-06-08T18:14:59Z', 'previous'],
      ['2024-06-08T18:15:00Z', '2024-06-09'],
      ['2024-06-12T18:14:00Z', '2024-06-12'],
      ['2024-06-12T18:16:00Z', '2024-06-13'],
    ]);
  });

  it('and across a daylight-saving change (America/New_York, 2027-03-14)', async () => {
    await expectPlaysOnDays('America/New_York', '2027-03-17T12:00:00Z', [
      ['2027-03-11T04:59:59Z', 'previous'],
      ['2027-03-11T05:00:00Z', '2027-03-11'],
      ['2027-03-14T04:59:00Z', '2027-03-13'],
      ['2027-03-14T05:00:00Z', '2027-03-14'],
      ['2027-03-15T03:59:59Z', '2027-03-14'],
      ['2027-03-15T04:00:00Z', '2027-03-15'],
      ['2027-03-18T03:59:00Z', '2027-03-17'],
      ['2027-03-18T04:00:00Z', null],
    ]);
  });
});

describe('the work waiting', () => {
  it('counts queries waiting over a day and scheduled sends, each only for a role that may open its list', async () => {
    const now = new Date().toISOString();
    const before = (await dashboard('7', 'UTC', now)).waiting!;
    await run(sql`INSERT INTO support_queries (subject, message, status, waiting_since) VALUES
      ('w', 'm', 'open', now() - interval '25 hours'), ('w', 'm', 'in_progress', now() - interval '3 days'),
      ('w', 'm', 'open', now() - interval '23 hours'), ('w', 'm', 'open', NULL)`);
    await run(sql`INSERT INTO notifications (title, message, state, scheduled_at) VALUES
      ('w', 'm', 'scheduled', now() + interval '1 day'), ('w', 'm', 'cancelled', now() + interval '1 day')`);
    expect((await dashboard('7', 'UTC', now)).waiting).toEqual({
      support_over_24h: before.support_over_24h! + 2,
      scheduled_sends: before.scheduled_sends! + 1,
      bans_ending_today: before.bans_ending_today,
    });
    expect((await dashboard('7', 'UTC', now, ['dashboard.view', 'support.view'])).waiting).toEqual({
      support_over_24h: before.support_over_24h! + 2,
    });
    expect((await dashboard('7', 'UTC', now, ['dashboard.view'])).waiting).toEqual({});
  });
});
