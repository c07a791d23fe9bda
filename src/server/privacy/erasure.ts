import { sql } from 'drizzle-orm';
import type { ErasureState } from '../../shared/privacy/privacy-input';
import { audit } from '../audit/service';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { HttpError } from '../http/errors';
import { enqueueEvent } from '../webhooks/outbox';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Who asks for an erasure: an admin, or the product's key on the player's behalf. */
export type ErasureRequester = { adminId: number; ip: string } | { apiKeyId: number; ip: string };

interface ErasureRow {
  scheduled_for: Date;
  erased_at: Date | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const stateOf = (userId: number, row: ErasureRow | undefined): ErasureState => ({
  user_id: userId,
  scheduled_for: row && !row.erased_at ? iso(row.scheduled_for) : null,
  erased_at: iso(row?.erased_at ?? null),
});

/**
 * The player (locked for scheduling, so two requests take turns; not for cancelling, which locks
 * the erasure row alone, as the worker does, so the two never wait on each other crosswise).
 */
async function findPlayer(tx: Tx, userId: number, lock: boolean) {
  const [user] = await rowsOf<{ id: number; external_id: string | null }>(
    tx,
    sql`SELECT id, external_id FROM users WHERE id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!user) throw new HttpError(404, 'users.api.notFound');
  const [erasure] = await rowsOf<ErasureRow>(
    tx,
    sql`SELECT scheduled_for, erased_at FROM user_erasures WHERE user_id = ${userId}`,
  );
  return { user, erasure };
}

/** `getusererasure`: where the player's erasure stands. */
export async function erasureState(userId: number): Promise<ErasureState> {
  return (await db()).transaction(async (tx) => {
    const [user] = await rowsOf<{ id: number }>(tx, sql`SELECT id FROM users WHERE id = ${userId}`);
    if (!user) throw new HttpError(404, 'users.api.notFound');
    const [erasure] = await rowsOf<ErasureRow>(
      tx,
      sql`SELECT scheduled_for, erased_at FROM user_erasures WHERE user_id = ${userId}`,
    );
    return stateOf(userId, erasure);
  });
}

/**
 * `eraseuser` (and the product's request): the erasure is due ERASURE_DELAY from now. Asking again
 * while one is scheduled answers that one (a double submit schedules nothing twice); 409 once the
 * player is erased. The audit row and the `user.erasure_scheduled` event share the transaction.
 */
export async function scheduleErasure(userId: number, by: ErasureRequester): Promise<ErasureState> {
  return (await db()).transaction(async (tx) => {
    const { user, erasure } = await findPlayer(tx, userId, true);
    if (erasure?.erased_at) throw new HttpError(409, 'privacy.api.alreadyErased');
    if (erasure) return stateOf(userId, erasure);
    const adminId = 'adminId' in by ? by.adminId : null;
    const apiKeyId = 'apiKeyId' in by ? by.apiKeyId : null;
    const [row] = await rowsOf<ErasureRow>(
      tx,
      sql`INSERT INTO user_erasures (user_id, scheduled_for, requested_by, requested_by_key)
          VALUES (${userId}, now() + make_interval(secs => ${config().ERASURE_DELAY / 1000}),
            ${adminId}::int, ${apiKeyId}::int)
          RETURNING scheduled_for, erased_at`,
    );
    const state = stateOf(userId, row);
    await audit(tx, {
      adminId,
      apiKeyId,
      action: 'users.erasure_schedule',
      target: auditTarget('users', userId),
      detail: JSON.stringify({ scheduled_for: state.scheduled_for }),
      ip: by.ip,
    });
    await enqueueEvent(tx, 'user.erasure_scheduled', {
      user_id: userId,
      external_id: user.external_id,
      scheduled_for: state.scheduled_for,
    });
    return state;
  });
}

/** `cancelerasure`: only before it is due; 409 when none is scheduled or it is done. */
export async function cancelErasure(userId: number, actor: { adminId: number; ip: string }) {
  return (await db()).transaction(async (tx) => {
    const { erasure } = await findPlayer(tx, userId, false);
    if (erasure?.erased_at) throw new HttpError(409, 'privacy.api.alreadyErased');
    // Locked against the worker too: once it has taken a batch of this erasure, it is under way.
    const [cancelled] = await rowsOf<{ scheduled_for: Date }>(
      tx,
      sql`DELETE FROM user_erasures
          WHERE user_id = ${userId} AND erased_at IS NULL AND step IS NULL AND scheduled_for > now()
          RETURNING scheduled_for`,
    );
    if (!cancelled) throw new HttpError(409, 'privacy.api.nothingToCancel');
    await audit(tx, {
      adminId: actor.adminId,
      action: 'users.erasure_cancel',
      target: auditTarget('users', userId),
      detail: JSON.stringify({ scheduled_for: iso(cancelled.scheduled_for) }),
      ip: actor.ip,
    });
    return stateOf(userId, undefined);
  });
}

/** The player the product knows by `externalId`, or 404 (an erased one has no product id left). */
export async function userIdByExternalId(externalId: string): Promise<number> {
  const [user] = await rowsOf<{ id: number }>(
    await db(),
    sql`SELECT id FROM users WHERE external_id = ${externalId}`,
  );
  if (!user) throw new HttpError(404, 'users.api.notFound');
  return user.id;
}
