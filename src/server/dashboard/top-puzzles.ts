import { sql } from 'drizzle-orm';
import type { TopPuzzle } from '../../shared/dashboard/dashboard-input';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Period } from './period';

const TOP = 10;

/**
 * Plays per puzzle in the range and in the previous period, exactly, from per-puzzle UTC days:
 * each period edge (a local midnight) is moved to the nearest UTC midnight, and the plays between
 * the two (at most 12 hours: 48 buckets of dashboard_puzzle_buckets; both ends are 15-minute
 * bucket edges) are added or taken back. For x the edge and y its UTC midnight: count[x1, x2) = days[y1, y2) + adj(x1) − adj(x2),
 * adj(x) = plays in [x, y) when y ≥ x, else −plays in [y, x).
 */
export async function readTopPuzzles(run: Db, tz: string, period: Period): Promise<TopPuzzle[]> {
  const rows = await rowsOf<{ id: number; title: string; plays: number; previous: number }>(
    run,
    sql`SELECT * FROM (WITH edge AS (
          SELECT name, x, date_trunc('day', x + interval '12 hours', 'UTC') AS y
          FROM (VALUES ('p', ${period.previousFrom}::date), ('s', ${period.from}::date), ('e', ${period.end}::date))
            AS local(name, day),
          LATERAL (SELECT local.day::timestamp AT TIME ZONE ${tz} AS x) instant
        ),
        utc AS (
          SELECT max((y AT TIME ZONE 'UTC')::date) FILTER (WHERE name = 'p') AS p,
            max((y AT TIME ZONE 'UTC')::date) FILTER (WHERE name = 's') AS s,
            max((y AT TIME ZONE 'UTC')::date) FILTER (WHERE name = 'e') AS e
          FROM edge
        ),
        -- LATERAL: each range is read through its own index range scan (bounds computed above
        -- would otherwise leave the planner to join whole tables).
        days AS (
          SELECT d.puzzle_id,
            sum(d.plays) FILTER (WHERE d.day >= utc.s) AS now_days,
            sum(d.plays) FILTER (WHERE d.day < utc.s) AS before_days
          FROM utc, LATERAL (
            SELECT puzzle_id, day, plays FROM dashboard_puzzle_days WHERE day >= utc.p AND day < utc.e
          ) d
          GROUP BY d.puzzle_id
        ),
        adj AS (
          SELECT b.puzzle_id,
            sum(b.plays) FILTER (WHERE b.name = 'p') AS p,
            sum(b.plays) FILTER (WHERE b.name = 's') AS s,
            sum(b.plays) FILTER (WHERE b.name = 'e') AS e
          -- The quarters between x and y looked up one by one (equality on the key's first column;
          -- LIMIT 48 tells the planner how many): bounds taken from a row leave it guessing a ninth
          -- of the table, which at 10 M plays costs a JIT compilation longer than the query.
          FROM edge, LATERAL (
            SELECT edge.name, puzzle_id, CASE WHEN edge.y >= edge.x THEN plays ELSE -plays END AS plays
            FROM (SELECT at FROM generate_series(least(edge.x, edge.y), greatest(edge.x, edge.y) - interval '15 minutes',
                interval '15 minutes') at LIMIT 48) q
              JOIN dashboard_puzzle_buckets ON bucket = q.at
            -- The bounds again: whatever plan is chosen (a hash join before the table's first
            -- ANALYZE), it reads this edge's index range, never the whole table.
            WHERE bucket >= least(edge.x, edge.y) AND bucket < greatest(edge.x, edge.y)
          ) b
          GROUP BY b.puzzle_id
        ),
        counted AS (
          SELECT coalesce(days.puzzle_id, adj.puzzle_id) AS puzzle_id,
            coalesce(now_days, 0) + coalesce(adj.s, 0) - coalesce(adj.e, 0) AS plays,
            coalesce(before_days, 0) + coalesce(adj.p, 0) - coalesce(adj.s, 0) AS previous
          FROM days FULL JOIN adj ON adj.puzzle_id = days.puzzle_id
        )
        SELECT puzzles.id, puzzles.title, counted.plays::float8 AS plays, counted.previous::float8 AS previous
        FROM counted JOIN puzzles ON puzzles.id = counted.puzzle_id
        WHERE counted.plays > 0
        ORDER BY counted.plays DESC, puzzles.id
        LIMIT ${TOP}) top`,
  );
  return rows.map((row) => ({ ...row, plays: Number(row.plays), previous: Number(row.previous) }));
}
