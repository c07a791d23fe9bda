import { eq, sql } from 'drizzle-orm';
import type { NotificationRow, UpdateNotificationInput } from '../../shared/notifications/notification-input';
import { changesDetail } from '../audit/changes';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { notifications } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { getNotification } from './list';
import { assertMayTouch } from './broadcast';
import { assertFuture } from './send';
import type { I18nKey } from '../../i18n/keys';
import { auditTarget } from '../../shared/audit/vocabulary';

/**
 * Editing, cancelling and deleting. Each locks the row first, so it is ordered against the worker
 * (which claims rows with SKIP LOCKED: a row being edited waits for the next round) and against a
 * parallel edit; the state it checks is the state it changes. One addressed to everyone, or to
 * more than 100 users, is a broadcast: only an admin who may send one (`mayBroadcast`) changes it.
 */
async function lock(tx: Tx, id: number, mayBroadcast: boolean) {
  const [row] = await tx
    .select({
      state: notifications.state,
      title: notifications.title,
      message: notifications.message,
      scheduledAt: notifications.scheduledAt,
      recipients: notifications.recipientCount,
      audience: notifications.audience,
      named: sql<number>`coalesce(cardinality(${notifications.targetUserIds}), 0)::int`,
    })
    .from(notifications)
    .where(eq(notifications.id, id))
    .for('update');
  if (!row) throw new HttpError(404, 'notifications.api.notFound');
  assertMayTouch(row, mayBroadcast);
  return row;
}

const conflict = (key: I18nKey) => new HttpError(409, key);

/** The text always (a sent one too: inboxes show its current text); the time only while scheduled. */
export async function updateNotification(
  input: UpdateNotificationInput,
  actor: Actor,
  mayBroadcast: boolean,
): Promise<NotificationRow> {
  const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : undefined;
  return (await db()).transaction(async (tx) => {
    const row = await lock(tx, input.id, mayBroadcast);
    if (row.state === 'cancelled') throw conflict('notifications.api.isCancelled');
    if (scheduledAt) {
      if (row.state !== 'scheduled') {
        throw new HttpError(409, 'notifications.api.alreadySent', {
          fieldKeys: { scheduled_at: 'notifications.api.alreadySent' },
        });
      }
      assertFuture(scheduledAt);
    }
    const values = { title: input.title, message: input.message, ...(scheduledAt ? { scheduledAt } : {}) };
    await tx.update(notifications).set(values).where(eq(notifications.id, input.id));
    await audit(tx, {
      adminId: actor.adminId,
      action: 'notifications.update',
      target: auditTarget('notifications', input.id),
      detail: changesDetail(row, values),
      ip: actor.ip,
    });
    return getNotification(input.id, tx);
  });
}

/** Only a send that has not gone out can be called off. */
export async function cancelNotification(
  id: number,
  actor: Actor,
  mayBroadcast: boolean,
): Promise<NotificationRow> {
  return (await db()).transaction(async (tx) => {
    const row = await lock(tx, id, mayBroadcast);
    if (row.state !== 'scheduled') throw conflict('notifications.api.notScheduled');
    await tx.update(notifications).set({ state: 'cancelled' }).where(eq(notifications.id, id));
    await audit(tx, {
      adminId: actor.adminId,
      action: 'notifications.cancel',
      target: auditTarget('notifications', id),
      ip: actor.ip,
    });
    return getNotification(id, tx);
  });
}

/** The notification and its recipient rows (the delete trigger of migration 0006) in one transaction. */
export async function deleteNotification(
  id: number,
  actor: Actor,
  mayBroadcast: boolean,
): Promise<{ id: number }> {
  return (await db()).transaction(async (tx) => {
    const row = await lock(tx, id, mayBroadcast);
    if (row.state === 'sending') throw conflict('notifications.api.sending');
    await tx.delete(notifications).where(eq(notifications.id, id));
    await audit(tx, {
      adminId: actor.adminId,
      action: 'notifications.delete',
      target: auditTarget('notifications', id),
      detail: JSON.stringify({ title: row.title, state: row.state, recipients: row.recipients }),
      ip: actor.ip,
    });
    return { id };
  });
}
