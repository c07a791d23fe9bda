import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BanInput } from '../../shared/users/ban-input';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { auditTarget } from '../../shared/audit/vocabulary';
import { enqueueEvent, userEventsFrom } from '../webhooks/outbox';

/**
 * Every write of a player's standing: a ban, a lift, a ban that ran out. Each write is one function
 * that takes the caller's transaction, so what must land with it (its audit row, and the webhook
 * events `user.banned` and `user.unbanned` that tell the game) is written in that same transaction. The standing lives on `users`
 * (`status`, `banned_until`); `user_bans` keeps each ban and its reason.
 *
 * Writers of one player take that player's row lock first, so a ban and a lift sent together run
 * one after the other and leave one ban (or none) in force; the partial unique index
 * `user_bans_open_key` is the last line.
 */

const notFound = () => new HttpError(404, 'users.api.notFound');

/** A block's audit detail as `changestatus` always wrote it (`{reason}`), with the end when there is one. */
function banDetail(reason: string | null, until: Date | null): string | null {
  const detail = { ...(reason && { reason }), ...(until && { until: until.toISOString() }) };
  return Object.keys(detail).length > 0 ? JSON.stringify(detail) : null;
}

/** Locks the player's row; 404 when there is no such player. */
async function lockUser(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ status: users.status, bannedUntil: users.bannedUntil, externalId: users.externalId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * Ends the bans that reached their `until`: the player becomes active, the ban is closed at its own
 * end (no admin: the system lifted it), and one audit row per player names no admin. Claims at most
 * `limit` players with SKIP LOCKED, so several instances share the queue and none waits on a player
 * an admin is banning right now. `where` narrows it (one player, a bulk change's target).
 */
export async function settleEndedBans(tx: Tx, where?: SQL, limit = 500): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    tx,
    sql`
    WITH due AS (
      SELECT id, banned_until FROM ${users}
      WHERE status = 'blocked' AND banned_until <= now() ${where ? sql`AND ${where}` : sql``}
      ORDER BY banned_until LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ), changed AS (
      UPDATE users AS u SET status = 'active', banned_until = NULL, updated_at = now()
      FROM due WHERE u.id = due.id
      RETURNING u.id, u.external_id, due.banned_until AS ended
    ), told AS (
      ${userEventsFrom('user.unbanned', sql`changed`, sql`jsonb_build_object('ended', true)`)}
    ), closed AS (
      UPDATE user_bans AS b SET lifted_at = c.ended, updated_at = now()
      FROM changed AS c WHERE b.user_id = c.id AND b.lifted_at IS NULL
      RETURNING b.user_id
    ), logged AS (
      INSERT INTO audit_log (admin_id, action, target, detail)
      SELECT NULL, 'users.ban_ended', 'users:' || c.id,
        json_build_object('until', to_char(c.ended AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
      FROM changed AS c
      RETURNING 1
    )
    SELECT id FROM changed`,
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Bans one player, taking their row lock in the caller's transaction: a ban in force is replaced
 * (closed by this admin) by the new one. `until` null: permanent.
 */
export async function banInTx(
  tx: Tx,
  userId: number,
  ban: { reason: string | null; until: Date | null },
  actor: Actor,
): Promise<void> {
  const player = await lockUser(tx, userId);
  await settleEndedBans(tx, eq(users.id, userId));
  await tx.execute(sql`
    UPDATE user_bans SET lifted_at = now(), lifted_by = ${actor.adminId}::int, updated_at = now()
    WHERE user_id = ${userId}::int AND lifted_at IS NULL`);
  await tx.execute(sql`
    INSERT INTO user_bans (user_id, reason, until, banned_by)
    VALUES (${userId}::int, ${ban.reason}, ${ban.until?.toISOString() ?? null}::timestamptz, ${actor.adminId}::int)`);
  await tx.update(users).set({ status: 'blocked', bannedUntil: ban.until }).where(eq(users.id, userId));
  await audit(tx, {
    adminId: actor.adminId,
    action: 'users.block',
    target: auditTarget('users', userId),
    detail: banDetail(ban.reason, ban.until),
    ip: actor.ip,
  });
  await enqueueEvent(tx, 'user.banned', {
    user_id: userId,
    external_id: player.externalId,
    reason: ban.reason,
    until: ban.until?.toISOString() ?? null,
  });
}

/**
 * Lifts the ban in force on one player. False when there was none (already lifted, or it ran out):
 * nothing is written, so a double submit or a lift racing the worker is harmless.
 */
export async function liftInTx(tx: Tx, userId: number, actor: Actor, reason?: string): Promise<boolean> {
  const player = await lockUser(tx, userId);
  await settleEndedBans(tx, eq(users.id, userId));
  const [lifted] = await tx
    .update(users)
    .set({ status: 'active', bannedUntil: null })
    .where(and(eq(users.id, userId), eq(users.status, 'blocked')))
    .returning({ id: users.id });
  if (!lifted) return false;
  await tx.execute(sql`
    UPDATE user_bans SET lifted_at = now(), lifted_by = ${actor.adminId}::int, updated_at = now()
    WHERE user_id = ${userId}::int AND lifted_at IS NULL`);
  await audit(tx, {
    adminId: actor.adminId,
    action: 'users.unblock',
    target: auditTarget('users', userId),
    detail: reason ? JSON.stringify({ reason }) : null,
    ip: actor.ip,
  });
  await enqueueEvent(tx, 'user.unbanned', { user_id: userId, external_id: player.externalId, ended: false });
  return true;
}

/**
 * After the product's sync (`POST /api/app/users`) wrote `status` for these players: a player it
 * made active has no ban left open, and one it blocked has a permanent ban with no reason (as
 * `changestatus` would), so the ban history says what the status says. Set-based, in the sync's
 * transaction, on rows the sync has already locked.
 */
export async function matchBansToStatus(tx: Tx, externalIds: readonly string[]): Promise<void> {
  if (externalIds.length === 0) return;
  const synced = sql`users.external_id IN (SELECT json_array_elements_text(${JSON.stringify(externalIds)}::json))`;
  await tx.execute(sql`
    UPDATE user_bans SET lifted_at = now(), updated_at = now()
    FROM ${users} WHERE user_bans.user_id = users.id AND user_bans.lifted_at IS NULL
      AND users.status = 'active' AND ${synced}`);
  await tx.execute(sql`
    UPDATE ${users} SET banned_until = NULL WHERE status = 'active' AND banned_until IS NOT NULL AND ${synced}`);
  await tx.execute(sql`
    INSERT INTO user_bans (user_id)
    SELECT id FROM ${users} WHERE status = 'blocked' AND ${synced}
      AND NOT EXISTS (SELECT 1 FROM user_bans AS b WHERE b.user_id = users.id AND b.lifted_at IS NULL)`);
}

/** What a bulk change did: how many it changed, and their ids up to `idLimit`. */
export interface BulkOutcome {
  updated: number;
  ids: number[] | null;
}

async function countAndIds(tx: Tx, changed: SQL, idLimit: number): Promise<BulkOutcome> {
  const [row] = await rowsOf<{ updated: number; ids: number[] | null }>(
    tx,
    sql`
    WITH ${changed}
    SELECT (SELECT count(*)::int FROM changed) AS updated,
      (SELECT json_agg(id ORDER BY id) FROM (SELECT id FROM changed LIMIT ${idLimit + 1}) AS first_ids) AS ids`,
  );
  return { updated: row?.updated ?? 0, ids: row?.ids?.map(Number) ?? null };
}

/**
 * Bans every player `target` matches who is not banned now, in set-based statements (a filter may
 * match a million). Bans that ran out are settled first, so their players count as not banned.
 * The caller writes the audit row (one for the whole change).
 */
export async function banManyInTx(
  tx: Tx,
  target: SQL,
  ban: { reason: string | null; until: Date | null },
  actor: Actor,
  idLimit: number,
): Promise<BulkOutcome> {
  await settleEndedBans(tx, target, 2_147_483_647);
  const until = ban.until?.toISOString() ?? null;
  // A ban row left open beside an active status (a sync that set `active`) is closed first, so the
  // new bans never meet the one-open-ban index.
  await tx.execute(sql`
    UPDATE user_bans AS b SET lifted_at = now(), lifted_by = ${actor.adminId}::int, updated_at = now()
    FROM ${users} WHERE b.user_id = users.id AND b.lifted_at IS NULL AND users.status = 'active' AND ${target}`);
  return countAndIds(
    tx,
    sql`changed AS (
      UPDATE ${users} SET status = 'blocked', banned_until = ${until}::timestamptz, updated_at = now()
      WHERE ${target} AND status = 'active'
      RETURNING id, external_id
    ), told AS (
      ${userEventsFrom('user.banned', sql`changed`, sql`jsonb_build_object('reason', ${ban.reason}::text, 'until', ${until}::text)`)}
    ), opened AS (
      INSERT INTO user_bans (user_id, reason, until, banned_by)
      SELECT id, ${ban.reason}, ${until}::timestamptz, ${actor.adminId}::int FROM changed
    )`,
    idLimit,
  );
}

/** Lifts the ban in force on every player `target` matches, set-based; the caller audits. */
export async function liftManyInTx(tx: Tx, target: SQL, actor: Actor, idLimit: number): Promise<BulkOutcome> {
  await settleEndedBans(tx, target, 2_147_483_647);
  return countAndIds(
    tx,
    sql`changed AS (
      UPDATE ${users} SET status = 'active', banned_until = NULL, updated_at = now()
      WHERE ${target} AND status = 'blocked'
      RETURNING id, external_id
    ), told AS (
      ${userEventsFrom('user.unbanned', sql`changed`, sql`jsonb_build_object('ended', false)`)}
    ), closed AS (
      UPDATE user_bans SET lifted_at = now(), lifted_by = ${actor.adminId}::int, updated_at = now()
      WHERE lifted_at IS NULL AND user_id IN (SELECT id FROM changed)
    )`,
    idLimit,
  );
}

/** `banuser`: one transaction, the ban and its audit row. */
export async function banUser(input: BanInput, actor: Actor): Promise<void> {
  await (
    await db()
  ).transaction((tx) => banInTx(tx, input.id, { reason: input.reason, until: input.until ?? null }, actor));
}

/** `liftban`: one transaction; true when a ban was in force. */
export async function liftBan(userId: number, actor: Actor): Promise<boolean> {
  return (await db()).transaction((tx) => liftInTx(tx, userId, actor));
}

/** The worker's round: settles ended bans in batches until none is left (or it is stopping). */
export async function settleEndedBansRound(stopping: () => boolean): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await (await db()).transaction((tx) => settleEndedBans(tx));
    total += ids.length;
    if (ids.length === 0 || stopping()) return total;
  }
}
