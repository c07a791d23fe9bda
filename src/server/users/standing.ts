import { sql } from 'drizzle-orm';
import type { BanRow, BanStanding } from '../../shared/users/ban-input';
import type { UserStatus } from '../../shared/users/user-input';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import { HttpError } from '../http/errors';

/**
 * A player's standing and ban history as the screens and the product read them. Every answer is
 * computed against the clock: a ban whose `until` has passed is over now, whether or not the
 * worker has written it yet (src/server/users/bans.ts).
 */

const notFound = () => new HttpError(404, 'users.api.notFound');
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

export interface Standing {
  id: number;
  external_id: string | null;
  status: UserStatus;
  ban: BanStanding | null;
  /** An erasure asked for and not yet carried out (`POST eraseuser`, or the product's request). */
  erasure: { scheduled_for: string } | null;
}

/** One player's standing, by our id or by the product's; null when there is no such player. */
async function standingWhere(where: ReturnType<typeof sql>): Promise<Standing | null> {
  const [row] = await rowsOf<{
    id: number;
    external_id: string | null;
    banned: boolean;
    until: string | Date | null;
    reason: string | null;
    erasure_due: string | Date | null;
  }>(
    await db(),
    sql`
    SELECT u.id, u.external_id,
      (u.status = 'blocked' AND (u.banned_until IS NULL OR u.banned_until > now())) AS banned,
      u.banned_until AS until, b.reason, e.scheduled_for AS erasure_due
    FROM users AS u
    LEFT JOIN user_bans AS b ON b.user_id = u.id AND b.lifted_at IS NULL
    LEFT JOIN user_erasures AS e ON e.user_id = u.id AND e.erased_at IS NULL
    WHERE ${where}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    external_id: row.external_id,
    status: row.banned ? 'blocked' : 'active',
    ban: row.banned ? { reason: row.reason, until: iso(row.until) } : null,
    erasure: row.erasure_due === null ? null : { scheduled_for: iso(row.erasure_due)! },
  };
}

export async function standingOf(userId: number): Promise<Standing> {
  const found = await standingWhere(sql`u.id = ${userId}::int`);
  if (!found) throw notFound();
  return found;
}

/** `GET /api/app/users/{external_id}`: 404 for an id the product never synced. */
export async function standingByExternalId(externalId: string): Promise<Standing> {
  const found = await standingWhere(sql`u.external_id = ${externalId}`);
  if (!found) throw new HttpError(404, 'appApi.users.notFound');
  return found;
}

/** Every ban one player has had, newest first; 404 for an unknown player. */
export async function listBans(userId: number): Promise<BanRow[]> {
  const database = await db();
  const rows = await rowsOf<{
    id: number;
    reason: string | null;
    from: string | Date | null;
    until: string | Date | null;
    banned_by: number | null;
    banned_by_name: string | null;
    lifted_at: string | Date | null;
    lifted_by: number | null;
    lifted_by_name: string | null;
  }>(
    database,
    sql`
    SELECT b.id, b.reason, b.created_at AS "from", b.until,
      b.banned_by, nullif(trim(ba.first_name || ' ' || ba.last_name), '') AS banned_by_name,
      coalesce(b.lifted_at, CASE WHEN b.until <= now() THEN b.until END) AS lifted_at,
      b.lifted_by, nullif(trim(la.first_name || ' ' || la.last_name), '') AS lifted_by_name
    FROM users AS u
    LEFT JOIN user_bans AS b ON b.user_id = u.id
    LEFT JOIN admins AS ba ON ba.id = b.banned_by
    LEFT JOIN admins AS la ON la.id = b.lifted_by
    WHERE u.id = ${userId}::int
    ORDER BY b.created_at DESC, b.id DESC
    LIMIT 1000`,
  );
  if (rows.length === 0) throw notFound();
  return rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: Number(row.id),
      reason: row.reason,
      from: iso(row.from)!,
      until: iso(row.until),
      banned_by: row.banned_by === null ? null : { id: row.banned_by, name: row.banned_by_name ?? '' },
      lifted_at: iso(row.lifted_at),
      lifted_by: row.lifted_by === null ? null : { id: row.lifted_by, name: row.lifted_by_name ?? '' },
      in_force: row.lifted_at === null,
    }));
}

/** How many bans end between now and the end of the admin's day: the dashboard's waiting tile. */
export async function bansEndingBy(end: Date): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    await db(),
    sql`SELECT count(*)::int AS n FROM users
      WHERE status = 'blocked' AND banned_until > now() AND banned_until <= ${end.toISOString()}::timestamptz`,
  );
  return row?.n ?? 0;
}
