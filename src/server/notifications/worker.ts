import { eq, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { BackgroundJob } from '../background-job';
import { config } from '../config';
import { database, db, type Tx } from '../db/client';
import { notifications, type Notification } from '../db/schema';
import { forgetOldKeys } from '../http/idempotency';
import { logError } from '../log';
import { countSkipped } from './audience';
import { fanOutAtOnce, fanOutInChunks, LEASE_SECONDS } from './fanout';
import { auditTarget } from '../../shared/audit/vocabulary';

/**
 * Sends scheduled notifications when they fall due, on every server instance at once: each due row
 * is claimed with `FOR UPDATE SKIP LOCKED`, so two instances never take the same one. A send left
 * half-done by a server that died (`sending`, lease expired) is taken over from its cursor. The
 * first round runs at start-up, so a send that fell due while every server was down goes out then.
 */

/** Due sends, and sends in progress whose server let go of them. */
const DUE = sql`(${notifications.state} = 'scheduled' AND ${notifications.scheduledAt} <= now())
  OR (${notifications.state} = 'sending' AND ${notifications.claimedUntil} < now())`;

/** The next due send no other server holds, locked until this transaction ends. */
async function claimDue(tx: Tx): Promise<Notification | undefined> {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(DUE)
    .orderBy(notifications.scheduledAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/**
 * PostgreSQL: claims one due send and sends it whole, in one transaction with its audit entry.
 * The scheduled send going out is recorded as the act of the admin who scheduled it.
 */
async function sendOneAtOnce(): Promise<boolean> {
  return (await db()).transaction(async (tx) => {
    const row = await claimDue(tx);
    if (!row) return false;
    const [started] = await tx
      .update(notifications)
      .set({ state: 'sending', sentAt: row.sentAt ?? sql`now()`, skippedCount: await countSkipped(tx, row) })
      .where(eq(notifications.id, row.id))
      .returning();
    const result = await fanOutAtOnce(tx, started!);
    if (row.state === 'scheduled') await auditScheduledSend(tx, row, result.recipients);
    return true;
  });
}

async function auditScheduledSend(
  tx: Parameters<typeof audit>[0],
  row: Notification,
  recipients: number | null,
): Promise<void> {
  await audit(tx, {
    adminId: row.createdBy,
    action: 'notifications.send',
    target: auditTarget('notifications', row.id),
    detail: JSON.stringify({
      scheduled: true,
      scheduled_at: row.scheduledAt,
      recipients: recipients ?? undefined,
    }),
  });
}

/**
 * PGlite: claims one due send (state `sending`, a lease) in a short transaction, then fans it out
 * in chunks like an immediate send. Only one process can open a PGlite directory, so the lease
 * matters only after a crash.
 */
async function claimForChunks(): Promise<number | null> {
  return (await db()).transaction(async (tx) => {
    const row = await claimDue(tx);
    if (!row) return null;
    const resuming = row.state === 'sending';
    await tx
      .update(notifications)
      .set({
        state: 'sending',
        claimedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        ...(resuming
          ? {}
          : { sentAt: sql`now()`, fanoutCursor: 0, skippedCount: await countSkipped(tx, row) }),
      })
      .where(eq(notifications.id, row.id));
    if (!resuming) await auditScheduledSend(tx, row, null);
    return row.id;
  });
}

/** Whether a send is due, by a plain SELECT: an idle round opens no claiming transaction. */
async function anyDue(): Promise<boolean> {
  const rows = await (await db()).select({ id: notifications.id }).from(notifications).where(DUE).limit(1);
  return rows.length > 0;
}

/**
 * One round: every due send, one after the other, until none is left, none is free to claim, or
 * the server stops. Exported for the service tests, which run rounds themselves.
 */
export async function sendDueNotifications(stopping: () => boolean = () => false): Promise<void> {
  await forgetOldKeys();
  const pglite = (await database()).kind === 'pglite';
  while (!stopping() && (await anyDue())) {
    if (!pglite) {
      if (!(await sendOneAtOnce())) return;
      continue;
    }
    const id = await claimForChunks();
    if (id === null) return;
    await fanOutInChunks(id, stopping);
  }
}

export function startNotificationWorker(): BackgroundJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const stopping = () => stopped;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = sendDueNotifications(stopping)
        .catch((error) => logError('notifications.worker_failed', error))
        .finally(() => schedule(config().NOTIFY_POLL_MS));
    }, delay);
  };
  schedule(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
