import { eq, sql, type SQL } from 'drizzle-orm';
import type { AudienceCount } from '../../shared/notifications/notification-input';
import type { UserStatus } from '../../shared/users/user-input';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { userCounts, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { userFilter } from '../users/list';

/** Who a notification goes to, as stored on its row (see the column comments in the schema). */
export interface Audience {
  audience: 'users' | 'all';
  audienceStatus: UserStatus | null;
  audienceSearch: string | null;
  targetUserIds: number[] | null;
}

/** One array parameter: drizzle would spread a JS array into a list of parameters. */
export const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** The users the audience names, blocked ones included. */
export function namedUsers(audience: Audience): SQL {
  if (audience.audience === 'users') return sql`${users.id} = ANY(${intArray(audience.targetUserIds ?? [])})`;
  const filter = userFilter({
    search: audience.audienceSearch ?? '',
    status: audience.audienceStatus ?? undefined,
  });
  return filter ?? sql`true`;
}

/** The users who get it: those named who are not blocked. */
export const receivers = (audience: Audience): SQL =>
  sql`${namedUsers(audience)} AND ${users.status} <> 'blocked'`;

/** Named users who are blocked. Everyone without a search reads the trigger-kept counters. */
export async function countSkipped(run: Db | Tx, audience: Audience): Promise<number> {
  if (audience.audience === 'all' && !audience.audienceSearch) {
    if (audience.audienceStatus === 'active') return 0;
    const [row] = await run
      .select({ total: userCounts.total })
      .from(userCounts)
      .where(eq(userCounts.status, 'blocked'));
    return Number(row?.total ?? 0);
  }
  const [row] = await rowsOf<{ n: number }>(
    run,
    sql`SELECT count(*)::int AS n FROM ${users} WHERE ${namedUsers(audience)} AND ${users.status} = 'blocked'`,
  );
  return row?.n ?? 0;
}

/** 409 when nobody would get it: every named user blocked, or no user matches. */
export async function assertSomeoneReceives(run: Db | Tx, audience: Audience): Promise<void> {
  const found = await rowsOf(run, sql`SELECT 1 FROM ${users} WHERE ${receivers(audience)} LIMIT 1`);
  if (found.length === 0) throw emptyAudience();
}

export const emptyAudience = () =>
  new HttpError(409, 'notifications.api.emptyAudience', {
    fieldKeys: { user_ids: 'notifications.api.emptyAudience' },
  });

/** 400 listing the ids no user has; nothing is written. */
export async function refuseUnknownUsers(run: Db | Tx, ids: readonly number[]): Promise<void> {
  const unknown = await rowsOf<{ id: number }>(
    run,
    sql`SELECT u.id FROM unnest(${intArray(ids)}) AS u(id)
        WHERE NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = u.id) ORDER BY u.id`,
  );
  if (unknown.length === 0) return;
  const list = unknown.map((row) => row.id);
  throw new HttpError(400, 'api.error.validation', {
    fieldKeys: { user_ids: 'notifications.api.unknownUsers' },
    values: { ids: list.join(', '), count: list.length },
    body: { unknown_user_ids: list },
  });
}

/**
 * How many users a send would reach now, and how many it would leave out. Everyone without a
 * search reads the trigger-kept counters; a search or a list of ids counts the matching rows.
 * Unknown ids are refused as a send would refuse them.
 */
export async function countAudience(run: Db | Tx, audience: Audience): Promise<AudienceCount> {
  if (audience.targetUserIds) await refuseUnknownUsers(run, audience.targetUserIds);
  const skipped = await countSkipped(run, audience);
  return { recipients: await countReceivers(run, audience), skipped };
}

/**
 * How many users would get it if it went out now. Named users deleted since are simply not
 * counted: a scheduled send's list row asks this, and must not fail for them.
 */
export async function countReceivers(run: Db | Tx, audience: Audience): Promise<number> {
  if (audience.audience === 'all' && !audience.audienceSearch) {
    if (audience.audienceStatus === 'blocked') return 0;
    const [row] = await run
      .select({ total: userCounts.total })
      .from(userCounts)
      .where(eq(userCounts.status, 'active'));
    return Number(row?.total ?? 0);
  }
  const [row] = await rowsOf<{ n: number }>(
    run,
    sql`SELECT count(*)::int AS n FROM ${users} WHERE ${receivers(audience)}`,
  );
  return row?.n ?? 0;
}
