import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { auditCount, fromNow, notificationRow, recipientRows } from '../../../tests/support/notifications';
import { insertUsers } from '../../../tests/support/users';
import {
  NotificationListInput,
  SendNotificationInput,
  type SendResult,
} from '../../shared/notifications/notification-input';
import { auditLog, notifications, users } from '../db/schema';
import { getNotification, listNotifications } from './list';
import { cancelNotification, deleteNotification, updateNotification } from './manage';
import { sendNotification } from './send';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
let people: number[];
beforeAll(async () => {
  testDb = await openTestDatabase();
  people = await insertUsers([{}, {}]);
});
afterAll(() => testDb?.close());

const send = async (title: string, inMs?: number) =>
  (
    (
      await sendNotification(
        SendNotificationInput.parse({
          title,
          message: `${title} body`,
          user_ids: people,
          scheduled_at: inMs === undefined ? undefined : fromNow(inMs),
        }),
        testDb.actor,
        null,
      )
    ).payload.ResponseData as SendResult
  ).id;
const list = async (query: Record<string, unknown>) =>
  (await listNotifications(NotificationListInput.parse(query))).list.map((row) => row.title);
const edit = (id: number, title: string, scheduledIn?: number) =>
  updateNotification(
    {
      id,
      title,
      message: 'Edited',
      scheduled_at: scheduledIn === undefined ? undefined : fromNow(scheduledIn),
    },
    testDb.actor,
    true,
  );
const failure = (work: Promise<unknown>) => work.catch((error: unknown) => error);
const stateOf = async (id: number) => (await notificationRow(id))?.state;
const missing = 2_000_000_000;
const hour = 3_600_000;

describe('the notifications list', () => {
  it('shows newest first by when it goes (or went) out, filters by state and searches the text', async () => {
    const early = await send('Early news');
    await send('Late news');
    await send('Tomorrow plan', 24 * hour);
    await send('Next hour plan', hour);
    expect(await list({})).toEqual(['Tomorrow plan', 'Next hour plan', 'Late news', 'Early news']);
    expect(await list({ state: 'scheduled' })).toEqual(['Tomorrow plan', 'Next hour plan']);
    expect(await list({ search: 'NEWS' })).toEqual(['Late news', 'Early news']);
    expect(await list({ search: 'plan body' })).toEqual(['Tomorrow plan', 'Next hour plan']);
    expect(await listNotifications(NotificationListInput.parse({ record: 1, page: 3 }))).toMatchObject({
      total: 4,
      list: [{ id: early, recipients: 2, target_count: 2, read_count: 0 }],
    });
    expect((await getNotification(early)).created_by?.id).toBe(testDb.actor.adminId);
    await expect(getNotification(missing)).rejects.toMatchObject({ status: 404 });
  });

  it('gives a scheduled send its audience as it stands, not the 0 recipients it has so far', async () => {
    const [blocked] = await insertUsers([{ firstName: 'Sizer', status: 'blocked' }, { firstName: 'Sizer' }]);
    const schedule = async (title: string, audience: Record<string, unknown>) =>
      (
        (
          await sendNotification(
            SendNotificationInput.parse({ title, message: 'Soon', ...audience, scheduled_at: fromNow(hour) }),
            testDb.actor,
            null,
          )
        ).payload.ResponseData as SendResult
      ).id;
    const named = await schedule('Sized named', { user_ids: [...people, blocked!] });
    const searched = await schedule('Sized search', { all: true, search: 'Sizer' });
    const everyone = await schedule('Sized all', { all: true });
    const { list: rows } = await listNotifications(
      NotificationListInput.parse({ search: 'Sized', record: 10 }),
    );
    const size = (id: number) => rows.find((row) => row.id === id);
    expect(size(named)).toMatchObject({ recipients: 0, target_count: 3, audience_size: 2 });
    expect(size(searched)).toMatchObject({ recipients: 0, audience_size: 1 });
    const active = await testDb.db.db.$count(users, eq(users.status, 'active'));
    expect(size(everyone)).toMatchObject({ recipients: 0, audience_size: active });
    // Sent ones keep their own figure and get none.
    const sent = (await listNotifications(NotificationListInput.parse({ search: 'Early news' }))).list[0]!;
    expect(sent.audience_size).toBeUndefined();
  });
});

describe('editing', () => {
  it('changes the text of a sent one, audited, but refuses to move its time (409 on scheduled_at)', async () => {
    const id = await send('Sent once');
    expect(await edit(id, 'Sent, corrected')).toMatchObject({ title: 'Sent, corrected', message: 'Edited' });
    expect(await auditCount('notifications.update', id)).toBe(1);
    expect(await failure(edit(id, 'Moved', hour))).toMatchObject({
      status: 409,
      options: { fieldKeys: { scheduled_at: 'notifications.api.alreadySent' } },
    });
    expect(await notificationRow(id)).toMatchObject({ title: 'Sent, corrected', scheduledAt: null });
    expect(await auditCount('notifications.update', id)).toBe(1);
  });

  it('moves a scheduled one to a later time, never into the past (400), and nothing that is cancelled', async () => {
    const id = await send('Movable', hour);
    const moved = await edit(id, 'Moved', 2 * hour);
    expect(new Date(moved.scheduled_at!).getTime()).toBeGreaterThan(Date.now() + 1.9 * hour);
    expect(await failure(edit(id, 'Back in time', -hour))).toMatchObject({
      status: 400,
      options: { fieldKeys: { scheduled_at: 'notifications.api.schedulePast' } },
    });
    expect((await notificationRow(id))!.title).toBe('Moved');

    await cancelNotification(id, testDb.actor, true);
    expect(await failure(edit(id, 'Revived'))).toMatchObject({
      status: 409,
      messageKey: 'notifications.api.isCancelled',
    });
    expect(await failure(edit(missing, 'Ghost'))).toMatchObject({ status: 404 });
  });
});

describe('cancelling and deleting', () => {
  it('cancels a scheduled one once, audited; a sent or unknown one is refused', async () => {
    const id = await send('Call off', hour);
    expect((await cancelNotification(id, testDb.actor, true)).state).toBe('cancelled');
    expect(await failure(cancelNotification(id, testDb.actor, true))).toMatchObject({
      status: 409,
      messageKey: 'notifications.api.notScheduled',
    });
    expect(await auditCount('notifications.cancel', id)).toBe(1);
    expect(await failure(cancelNotification(await send('Gone out'), testDb.actor, true))).toMatchObject({
      status: 409,
    });
    expect(await failure(cancelNotification(missing, testDb.actor, true))).toMatchObject({ status: 404 });
  });

  it('lets exactly one of two parallel cancels win', async () => {
    const id = await send('Raced', hour);
    const outcomes = await Promise.allSettled([
      cancelNotification(id, testDb.actor, true),
      cancelNotification(id, testDb.actor, true),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await auditCount('notifications.cancel', id)).toBe(1);
  });

  it('deletes a sent one with its recipient rows, audited with what it was', async () => {
    const id = await send('Delete me');
    expect(await deleteNotification(id, testDb.actor, true)).toEqual({ id });
    expect(await notificationRow(id)).toBeUndefined();
    expect(await recipientRows(id)).toEqual({ total: 0, read: 0 });
    const [entry] = await testDb.db.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.target, `notifications:${id}`))
      .orderBy(auditLog.id)
      .offset(1);
    expect(JSON.parse(entry!.detail!)).toEqual({ title: 'Delete me', state: 'sent', recipients: 2 });
  });

  it('refuses to delete a send in progress (409); scheduled and cancelled ones go', async () => {
    const busy = await send('In progress', hour);
    await testDb.db.db.update(notifications).set({ state: 'sending' }).where(eq(notifications.id, busy));
    expect(await failure(deleteNotification(busy, testDb.actor, true))).toMatchObject({
      status: 409,
      messageKey: 'notifications.api.sending',
    });
    expect(await stateOf(busy)).toBe('sending');
    expect(await auditCount('notifications.delete', busy)).toBe(0);

    const later = await send('Scheduled, deleted', hour);
    const cancelled = await send('Cancelled, deleted', hour);
    await cancelNotification(cancelled, testDb.actor, true);
    for (const id of [later, cancelled]) await deleteNotification(id, testDb.actor, true);
    expect([await stateOf(later), await stateOf(cancelled)]).toEqual([undefined, undefined]);
    expect(await failure(deleteNotification(missing, testDb.actor, true))).toMatchObject({ status: 404 });
  });
});
