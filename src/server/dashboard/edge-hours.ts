import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Period } from './period';

// The answer depends only on the database's tzdata, the zone and the dates, so every instance may
// keep its own; bounded, since zones × days is open-ended over a long uptime.
const known = new Map<string, string>();
const MAX_KNOWN = 1000;

/**
 * The UTC hours, from the previous period's first midnight to the range's end, that do not lie
 * within one local day of the zone (as epoch seconds, comma-separated): the hours holding a local
 * midnight that is not on a whole UTC hour. None for a whole-hour zone, DST included; one per day
 * for +05:30, +05:45 or −03:30; the days after a change to or from a fractional offset otherwise.
 * Those hours are read from the 15-minute buckets, every other one from the hourly buckets.
 * PostgreSQL checks with the tzdata that also folds the buckets (about 4,300 hours for 90 days,
 * once per zone and day).
 */
export async function edgeHours(run: Db, tz: string, period: Period): Promise<string> {
  const key = `${tz}|${period.previousFrom}|${period.end}`;
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  const rows = await rowsOf<{ at: number }>(
    run,
    sql`SELECT extract(epoch FROM h)::float8 AS at
        FROM (SELECT ${period.previousFrom}::date::timestamp AT TIME ZONE ${tz} AS start,
                ${period.end}::date::timestamp AT TIME ZONE ${tz} AS stop) edges,
          generate_series(date_bin('1 hour', start, TIMESTAMPTZ '2000-01-01 00:00:00+00'),
            stop - interval '1 microsecond', interval '1 hour') h
        WHERE h < start
          OR (h AT TIME ZONE ${tz})::date <> ((h + interval '1 hour' - interval '1 microsecond') AT TIME ZONE ${tz})::date
        ORDER BY h`,
  );
  const hours = rows.map((row) => String(Number(row.at))).join(',');
  if (known.size >= MAX_KNOWN) known.clear();
  known.set(key, hours);
  return hours;
}
