import { eq, sql } from 'drizzle-orm';
import type { SendResult } from '../../shared/notifications/notification-input';
import { db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { notifications, users, type Notification } from '../db/schema';
import { settle, type Answer } from '../http/idempotency';
import { enqueueEvent } from '../webhooks/outbox';
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
/** Bounds of a chunk's span of user ids; it adapts to how long the last chunk took. */
const SPAN_MIN = 2_000;
const SPAN_MAX = 500_000;
const SPAN_FIRST = 20_000;

/** The key a deferred `Idempotency-Key` answer waits under (see idempotency.ts `defer`). */
export const pendingRef = (id: number) => `notification:${id}`;

export const sendAnswer = (result: SendResult): Answer<never, SendResult> => ({
  status: 200,
  messageKey: 'notifications.api.sent',
  values: { count: result.recipients },
  payload: { ResponseData: result },
});

/** Recipient rows for the users with ids in (`after`, `upTo`] (every id above `after` when null). */
async function insertRecipients(
  tx: Tx,
  row: Notification,
  after: number,
  upTo: number | null,
): Promise<number> {
  const [outcome] = await rowsOf<{ count: number }>(
    tx,
    sql`WITH added AS (
          INSERT INTO notification_recipients (notification_id, user_id, created_at)
          SELECT ${row.id}, ${users.id}, ${(row.sentAt ?? new Date()).toISOString()}::timestamptz
          FROM ${users}
          WHERE ${receivers(row)} AND ${users.id} > ${after}
            ${upTo === null ? sql`` : sql`AND ${users.id} <= ${upTo}`}
          RETURNING 1
        )
        SELECT count(*)::int AS count FROM added`,
  );
  return outcome?.count ?? 0;
}

/** Marks the send done in the transaction that wrote its last recipients, and settles its key. */
async function finish(tx: Tx, row: Notification, recipients: number): Promise<SendResult> {
  await tx
    .update(notifications)
    .set({ state: 'sent', recipientCount: recipients, fanoutCursor: null, claimedUntil: null })
    .where(eq(notifications.id, row.id));
  const result: SendResult = { id: row.id, state: 'sent', recipients, skipped: row.skippedCount };
  await enqueueEvent(tx, 'notification.sent', { notification_id: row.id, title: row.title, recipients });
  await settle(tx, row.createdBy, SEND_SCOPE, pendingRef(row.id), sendAnswer(result));
  return result;
}

/** The whole send (or what is left of it) in the caller's transaction: PostgreSQL's way. */
export async function fanOutAtOnce(tx: Tx, row: Notification): Promise<SendResult> {
  const count = await insertRecipients(tx, row, row.fanoutCursor ?? 0, null);
  return finish(tx, row, row.recipientCount + count);
}

/** Locks a send in progress; null when it is no longer `sending` (finished, or deleted). */
async function lockSending(tx: Tx, id: number): Promise<Notification | null> {
  const [row] = await tx.select().from(notifications).where(eq(notifications.id, id)).for('update');
  return row?.state === 'sending' ? row : null;
}

/**
 * One chunk in its own transaction: the users in the next `span` ids (a range of ids rather than a
 * number of rows, so a narrow audience, a search matching 1 % of users, never makes one chunk read
 * the whole table), the cursor and the count moved on, the lease renewed. Answers the result once
 * the chunk that reaches the highest user id is written, else null.
 */
async function fanOutChunk(id: number, span: number): Promise<SendResult | 'gone' | null> {
  return (await db()).transaction(async (tx) => {
    const row = await lockSending(tx, id);
    if (!row) return 'gone';
    const after = row.fanoutCursor ?? 0;
    const upTo = after + span;
    const recipients = row.recipientCount + (await insertRecipients(tx, row, after, upTo));
    const [top] = await rowsOf<{ id: number | null }>(tx, sql`SELECT max(id) AS id FROM ${users}`);
    if (upTo >= (top?.id ?? 0)) return finish(tx, row, recipients);
    await tx
      .update(notifications)
      .set({
        fanoutCursor: upTo,
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
  let span = SPAN_FIRST;
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
    const outcome = await fanOutChunk(id, span);
    if (outcome === 'gone') return null;
    if (outcome) return outcome;
    const elapsed = Math.max(1, performance.now() - started);
    // At most four times wider each step: a run of sparse ids must not make the next chunk huge.
    const next = Math.min(span * 4, (span * CHUNK_TARGET_MS) / elapsed);
    span = Math.round(Math.min(SPAN_MAX, Math.max(SPAN_MIN, next)));
    // Lets requests queued behind this chunk run before the next one takes the database again.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
