import { sql } from 'drizzle-orm';
import type { BackgroundJob } from '../background-job';
import { everySoOften } from '../background-schedule';
import { config } from '../config';
import { deleteInBatches } from '../db/batched-delete';
import { db } from '../db/client';
import { adminInvites, loginThrottles, otpChallenges, sessions } from '../db/schema';
import { LONG_MEMORY_KEY_PREFIXES } from './throttle';

/** Each server sweeps this often (and once shortly after it starts): the tables stay small. */
const PURGE_EVERY_MS = 10 * 60 * 1000;
const FIRST_PURGE_AFTER_MS = 60 * 1000;

/**
 * A throttle count untouched this long counts nothing any more: every finite window is at most a
 * day, and the next try would start it again from one. The counts of wrong codes in a row have no
 * window; they are kept for a month of quiet.
 */
const QUIET_COUNT = '1 day';
const QUIET_LONG_MEMORY = '30 days';

/**
 * Rows per statement. A sign-in flood leaves thousands of rows an hour, and the embedded database
 * runs one statement at a time: 1,000 keeps each statement to tens of milliseconds
 * (docs/performance.md, `npm run bench:purge`).
 */
export const SWEEP_BATCH = 1_000;

/** How many rows each table lost. */
export interface PurgeCounts {
  sessions: number;
  challenges: number;
  throttles: number;
  invites: number;
}

/**
 * Deletes what sign-in leaves behind once it can no longer matter, in batches of SWEEP_BATCH that
 * any number of instances share (`FOR UPDATE SKIP LOCKED`):
 * - sessions past their lifetime or idle limit, except each admin's most recently seen one, which
 *   the Administrators tab shows as "last seen";
 * - sign-in and reset challenges past their end (a challenge is only ever looked up while live);
 * - throttle counts no longer blocking and quiet long enough to count nothing (every email typed
 *   at sign-in and every address leaves one);
 * - invitation links another invitation replaced: each admin keeps their latest, which says who
 *   invited them and when its link ends.
 */
export async function purgeSignInLeftovers(stopping: () => boolean = () => false): Promise<PurgeCounts> {
  const database = await db();
  const idleSince = new Date(Date.now() - config().SESSION_IDLE).toISOString();
  const longMemory = sql.join(
    LONG_MEMORY_KEY_PREFIXES.map((prefix) => sql`starts_with(${loginThrottles.key}, ${prefix})`),
    sql` OR `,
  );
  const sweep = (table: Parameters<typeof deleteInBatches>[1]) =>
    deleteInBatches(database, { batch: SWEEP_BATCH, ...table }, stopping);
  return {
    sessions: await sweep({
      table: sessions,
      key: 'id',
      where: sql`(${sessions.expiresAt} < now() OR ${sessions.lastSeenAt} < ${idleSince}::timestamptz)
        AND EXISTS (SELECT 1 FROM ${sessions} AS newer WHERE newer.admin_id = ${sessions.adminId}
          AND (newer.last_seen_at, newer.id) > (${sessions.lastSeenAt}, ${sessions.id}))`,
    }),
    challenges: await sweep({
      table: otpChallenges,
      key: 'id',
      where: sql`${otpChallenges.expiresAt} < now()`,
    }),
    throttles: await sweep({
      table: loginThrottles,
      key: 'key',
      where: sql`${loginThrottles.lastTryAt} < now() - ${QUIET_COUNT}::interval
        AND (${loginThrottles.blockedUntil} IS NULL OR ${loginThrottles.blockedUntil} < now())
        AND (NOT (${longMemory}) OR ${loginThrottles.lastTryAt} < now() - ${QUIET_LONG_MEMORY}::interval)`,
    }),
    invites: await sweep({
      table: adminInvites,
      key: 'id',
      where: sql`EXISTS (SELECT 1 FROM ${adminInvites} AS later
        WHERE later.admin_id = ${adminInvites.adminId} AND later.id > ${adminInvites.id})`,
    }),
  };
}

/** The background job: a sweep shortly after start, then every ten minutes. */
export function startSignInPurge(): BackgroundJob {
  return everySoOften(
    'auth.purge_failed',
    { firstAfterMs: FIRST_PURGE_AFTER_MS, everyMs: PURGE_EVERY_MS },
    purgeSignInLeftovers,
  );
}
