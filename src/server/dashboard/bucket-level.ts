import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Period } from './period';

export type BucketLevel = 'hour' | 'quarter';

// The answer depends only on the database's tzdata, the zone and the dates, so every instance may
// keep its own; bounded, since zones × days is open-ended over a long uptime.
const levels = new Map<string, BucketLevel>();
const MAX_LEVELS = 1000;

/**
 * Hourly buckets fold exactly into the zone's days over the period when every hour from the
 * previous period's first midnight to the range's end lies within one local day: true for a
 * whole-hour zone, DST included; false for +05:30, +05:45 or −03:30, and for a whole-hour zone
 * whose offset changed to or from a fraction of an hour inside the period. Checked by PostgreSQL,
 * whose tzdata also folds the buckets (about 4,300 hours for 90 days, once per zone and day).
 */
export async function bucketLevel(run: Db, tz: string, period: Period): Promise<BucketLevel> {
  const key = `${tz}|${period.previousFrom}|${period.end}`;
  const known = levels.get(key);
  if (known) return known;
  const [row] = await rowsOf<{ whole: boolean | null }>(
    run,
    sql`SELECT date_bin('1 hour', start, TIMESTAMPTZ '2000-01-01 00:00:00+00') = start
          AND (SELECT bool_and((h AT TIME ZONE ${tz})::date
                 = ((h + interval '1 hour' - interval '1 microsecond') AT TIME ZONE ${tz})::date)
               FROM generate_series(start, stop - interval '1 microsecond', interval '1 hour') h) AS whole
        FROM (SELECT ${period.previousFrom}::date::timestamp AT TIME ZONE ${tz} AS start,
                ${period.end}::date::timestamp AT TIME ZONE ${tz} AS stop) edges`,
  );
  const level: BucketLevel = row?.whole ? 'hour' : 'quarter';
  if (levels.size >= MAX_LEVELS) levels.clear();
  levels.set(key, level);
  return level;
}
