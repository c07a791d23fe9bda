import { sql } from 'drizzle-orm';
import type { DashboardData, DashboardCount, Figure } from '../../src/shared/dashboard/dashboard-input';
import { db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';

/**
 * Every figure of a dashboard answer counted again the slow way: whole-table counts over the base
 * tables for the same days (the answer's own `from`, `to`, `previous_from`, checked separately).
 */
export async function countedFromBaseTables(
  answer: Pick<DashboardData, 'tz' | 'from' | 'to' | 'previous_from'>,
): Promise<Pick<DashboardData, 'counts' | 'series'>> {
  const run = await db();
  const { tz } = answer;
  const at = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${tz})`;
  const p = at(answer.previous_from);
  const s = at(answer.from);
  const e = sql`(${answer.to}::date + 1)::timestamp AT TIME ZONE ${tz}`;
  const [row] = await rowsOf<Record<string, number>>(
    run,
    sql`SELECT
      (SELECT count(*) FROM users)::int AS users_total,
      (SELECT count(*) FROM users WHERE created_at < ${s})::int AS users_total_prev,
      (SELECT count(*) FROM users WHERE status = 'active')::int AS users_active,
      (SELECT count(*) FROM users WHERE status = 'active' AND created_at < ${s})::int AS users_active_prev,
      (SELECT count(*) FROM users WHERE status = 'blocked')::int AS users_blocked,
      (SELECT count(*) FROM users WHERE status = 'blocked' AND created_at < ${s})::int AS users_blocked_prev,
      (SELECT count(*) FROM users WHERE created_at >= ${s} AND created_at < ${e})::int AS users_new,
      (SELECT count(*) FROM users WHERE created_at >= ${p} AND created_at < ${s})::int AS users_new_prev,
      (SELECT count(*) FROM game_history)::int AS games_total,
      (SELECT count(*) FROM game_history WHERE played_at < ${s})::int AS games_total_prev,
      (SELECT count(*) FROM game_history WHERE played_at >= ${s} AND played_at < ${e})::int AS games_in_range,
      (SELECT count(*) FROM game_history WHERE played_at >= ${p} AND played_at < ${s})::int AS games_in_range_prev,
      (SELECT count(*) FROM puzzles)::int AS puzzles_total,
      (SELECT count(*) FROM puzzles WHERE created_at < ${s})::int AS puzzles_total_prev,
      (SELECT count(*) FROM puzzles WHERE status = 'published')::int AS puzzles_published,
      (SELECT count(*) FROM puzzles WHERE status = 'published' AND created_at < ${s})::int AS puzzles_published_prev,
      (SELECT count(*) FROM notifications WHERE state = 'sent'
        AND coalesce(sent_at, created_at) >= ${s} AND coalesce(sent_at, created_at) < ${e})::int AS notifications_sent,
      (SELECT count(*) FROM notifications WHERE state = 'sent'
        AND coalesce(sent_at, created_at) >= ${p} AND coalesce(sent_at, created_at) < ${s})::int AS notifications_sent_prev,
      (SELECT count(*) FROM support_queries WHERE status = 'open')::int AS support_open,
      (SELECT count(*) FROM support_queries WHERE status = 'open' AND created_at < ${s})::int AS support_open_prev`,
  );
  const counts = {} as Record<DashboardCount, Figure>;
  for (const name of Object.keys(row!).filter((key) => !key.endsWith('_prev'))) {
    counts[name as DashboardCount] = { value: row![name]!, previous: row![`${name}_prev`]! };
  }
  const perDay = async (table: 'users' | 'game_history', column: 'created_at' | 'played_at') => {
    const rows = await rowsOf<{ day: string; n: number }>(
      run,
      sql`SELECT to_char(${sql.identifier(column)} AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, count(*)::int AS n
          FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} >= ${p} AND ${sql.identifier(column)} < ${e}
          GROUP BY 1`,
    );
    const byDay = new Map(rows.map((r) => [r.day, r.n]));
    const days: { day: string; value: number; previous: number }[] = [];
    // The previous period's day at the same offset: as many days back as the range is long.
    const range = Math.round((Date.parse(answer.from) - Date.parse(answer.previous_from)) / 86_400_000);
    for (let day = answer.from; day <= answer.to; day = nextDay(day))
      days.push({ day, value: byDay.get(day) ?? 0, previous: byDay.get(nextDay(day, -range)) ?? 0 });
    return days;
  };
  const top = await rowsOf<{ id: number; title: string; plays: number; previous: number }>(
    run,
    sql`SELECT z.id, z.title,
          (SELECT count(*) FROM game_history g WHERE g.puzzle_id = z.id AND g.played_at >= ${s} AND g.played_at < ${e})::int AS plays,
          (SELECT count(*) FROM game_history g WHERE g.puzzle_id = z.id AND g.played_at >= ${p} AND g.played_at < ${s})::int AS previous
        FROM puzzles z ORDER BY plays DESC, z.id`,
  );
  return {
    counts,
    series: {
      games_per_day: await perDay('game_history', 'played_at'),
      new_users_per_day: await perDay('users', 'created_at'),
      top_puzzles: top.filter((puzzle) => puzzle.plays > 0).slice(0, 10),
    },
  };
}

export function nextDay(day: string, count = 1): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
