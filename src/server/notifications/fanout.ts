import { eq, sql } from 'drizzle-orm';
import type { SendResult } from '../../features/notifications/notification-input';
import { database, db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { notifications, users, type Notification } from '../db/schema';
import { settle, type Answer } from '../http/idempotency';
import { receivers } from './audience';

/**
 * Writing the recipient rows of a send: set-based `INSERT … SELECT` over the users the audience
 * reaches, in user-id order. On PostgreSQL a send is one statement in one transaction. PGlite runs
 * one statement at a time for every request, so there a large send goes out in chunks, each its own
 * short transaction that moves `fanout_cursor` on; the notification stays `sending` (invisible to
 * inboxes) until the last chunk flips it to `sent`.
 */
export const SEND_SCOPE = 'notifications.send';
/** How long a server may hold a send in progress before another takes it over. */
export const LEASE_SECONDS = 30;
/** Each PGlite chunk aims at this long, so any other request waits at most about this much. */
const CHUNK_TARGET_MS = 120;
const CHUNK_MIN = 2_000;
const CHUNK_MAX = 200_000;
const CHUNK_FIRST = 20_000;

/** The key a deferred `Idempotency-Key` answer waits under (see idempotency.ts `defer`). */
export const pendingRef = (id: number) => `notification:${id}`;

export const sendAnswer = (result: SendResult): Answer => ({
  status: 200,
  messageKey: 'notifications.api.sent',
  values: { count: result.recipients },
  payload: { ResponseData: result },
});

/** Recipient rows for the users after `after`, at most `limit` of them (all when null). */
async function insertRecipients(
  tx: Tx,
  row: Notification,
  after: number,
  limit: number | null,
): Promise<{ count: number; last: number | null }> {
  const [outcome] = await rowsOf<{ count: number; last: number | null }>(
    tx,
    sql`WITH added AS (
          INSERT INTO notification_recipients (notification_id, user_id, created_at)
          SELECT ${row.id}, ${users.id}, ${(row.sentAt ?? new Date()).toISOString()}::timestamptz
          FROM ${users}
          WHERE ${receivers(row)} AND ${users.id} > ${after}
          ORDER BY ${users.id}
          ${limit === null ? sql`` : sql`LIMIT ${limit}`}
          RETURNING user_id
        )
        SELECT count(*)::int AS count, max(user_id) AS last FROM added`,
  );
  return { count: outcome?.count ?? 0, last: outcome?.last ?? null };
}

/** Marks the send done in the transaction that wrote its last recipients, and settles its key. */
async function finish(tx: Tx, row: Notification, recipients: number): Promise<SendResult> {
  await tx
    .update(notifications)
    .set({ state: 'sent', recipientCount: recipients, fanoutCursor: null, claimedUntil: null })
    .where(eq(notifications.id, row.id));
  const result: SendResult = { id: row.id, state: 'sent', recipients, skipped: row.skippedCount };
  await settle(tx, row.createdBy, SEND_SCOPE, pendingRef(row.id), sendAnswer(result));
  return result;
}

/** The whole send (or what is left of it) in the caller's transaction: PostgreSQL's way. */
export async function fanOutAtOnce(tx: Tx, row: Notification): Promise<SendResult> {
  const { count } = await insertRecipients(tx, row, row.fanoutCursor ?? 0, null);
  return finish(tx, row, row.recipientCount + count);
}

/** Locks a send in progress; null when it is no longer `sending` (finished, or deleted). */
async function lockSending(tx: Tx, id: number): Promise<Notification | null> {
  const [row] = await tx.select().from(notifications).where(eq(notifications.id, id)).for('update');
  return row?.state === 'sending' ? row : null;
}

/**
 * One chunk in its own transaction: the next `size` recipients, the cursor and the count moved on,
 * the lease renewed. Answers the result once the last chunk is written, else null.
 */
async function fanOutChunk(id: number, size: number): Promise<SendResult | 'gone' | null> {
  const pglite = (await database()).kind === 'pglite';
  return (await db()).transaction(async (tx) => {
    const row = await lockSending(tx, id);
    if (!row) return 'gone';
    // The foreign-key checks are most of a chunk's cost on PGlite (a lookup and a row lock per
    // recipient: 1M rows take 27 s with them, 11 s without). There they cannot fail: PGlite runs
    // one transaction at a time, so nothing deletes a user or this (locked) notification between
    // the SELECT that finds the users and the INSERT. PostgreSQL, where another session could,
    // always checks them (this path never runs there; the guard keeps it so).
    if (pglite) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const { count, last } = await insertRecipients(tx, row, row.fanoutCursor ?? 0, size);
    const recipients = row.recipientCount + count;
    if (count < size) return finish(tx, row, recipients);
    await tx
      .update(notifications)
      .set({
        fanoutCursor: last,
        recipientCount: recipients,
        claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(eq(notifications.id, id));
    return null;
  });
}

/**
 * Runs the chunks of a send this server holds until it is done. `stopping` is asked between
 * chunks: a server shutting down lets its lease go at once, so the next one resumes without waiting.
 */
export async function fanOutInChunks(id: number, stopping: () => boolean = () => false) {
  let size = CHUNK_FIRST;
  for (;;) {
    if (stopping()) {
      await (
        await db()
      )
        .update(notifications)
        .set({ claimedUntil: sql`now()` })
        .where(eq(notifications.id, id));
      return null;
    }
    const started = performance.now();
    const outcome = await fanOutChunk(id, size);
    if (outcome === 'gone') return null;
    if (outcome) return outcome;
    const elapsed = Math.max(1, performance.now() - started);
    size = Math.round(Math.min(CHUNK_MAX, Math.max(CHUNK_MIN, (size * CHUNK_TARGET_MS) / elapsed)));
    // Lets requests queued behind this chunk run before the next one takes the database again.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
