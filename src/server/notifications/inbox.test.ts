import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { fromNow, notificationRow, recipientRows } from '../../../tests/support/notifications';
import { insertUsers } from '../../../tests/support/users';
import { SendNotificationInput, type SendResult } from '../../shared/notifications/notification-input';
import { rowsOf } from '../db/rows';
import { notifications } from '../db/schema';
import { inboxOf, markRead } from './inbox';
import { sendNotification } from './send';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
let reader: number;
let other: number;
beforeAll(async () => {
  testDb = await openTestDatabase();
  [reader, other] = (await insertUsers([{ externalId: 'ext-reader' }, {}])) as [number, number];
});
afterAll(() => testDb?.close());

const send = async (title: string, userIds: number[], scheduledAt?: string) =>
  (
    (
      await sendNotification(
        SendNotificationInput.parse({
          title,
          message: `${title} text`,
          user_ids: userIds,
          scheduled_at: scheduledAt,
        }),
        testDb.actor,
        null,
      )
    ).payload.ResponseData as SendResult
  ).id;
/** `count` notifications that went out to the reader a minute apart, as sends leave them; oldest first. */
async function delivered(count: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    testDb.db.db,
    sql`WITH sent AS (
          INSERT INTO notifications (title, message, state, sent_at, recipient_count, target_user_ids, created_by)
          SELECT 'News ' || g, 'News ' || g || ' text', 'sent', now() - (${count} - g) * interval '1 minute', 1,
            ARRAY[${reader}::int], ${testDb.actor.adminId}::int
          FROM generate_series(1, ${count}) AS g
          RETURNING id, sent_at
        ), recipients AS (
          INSERT INTO notification_recipients (notification_id, user_id, created_at)
          SELECT id, ${reader}::int, sent_at FROM sent
        )
        SELECT id FROM sent ORDER BY sent_at`,
  );
  return rows.map((row) => row.id);
}
const inbox = (userId: number, page = 0) => inboxOf({ user_id: userId, page });
const readCount = async (id: number) => (await notificationRow(id))!.readCount;

describe("a user's inbox", () => {
  it('holds only notifications that went out, newest first, 20 a page, with how many are unread', async () => {
    const sent = await delivered(21);
    await send('Not yet', [reader], fromNow(3_600_000));
    const inProgress = await send('Going out', [reader]);
    await testDb.db.db
      .update(notifications)
      .set({ state: 'sending' })
      .where(eq(notifications.id, inProgress));

    const first = await inbox(reader);
    expect(first).toMatchObject({ total: 21, unread: 21, page: 0, record: 20 });
    expect(first.list.map((item) => item.title).slice(0, 2)).toEqual(['News 21', 'News 20']);
    expect(first.list[0]).toMatchObject({
      id: sent[20],
      message: 'News 21 text',
      read: false,
      read_at: null,
    });
    expect((await inbox(reader, 1)).list.map((item) => item.id)).toEqual([sent[0]]);
    expect(await inboxOf({ external_id: 'ext-reader', page: 0 })).toMatchObject({ total: 21 });
    expect((await inbox(other)).total).toBe(0);
  });

  it('marks chosen ones read and counts each once, however often; ids not in the inbox are ignored', async () => {
    const [one, two] = (await inbox(reader)).list.map((item) => item.id) as [number, number];
    const elsewhere = await send('For someone else', [other]);
    expect(await markRead({ user_id: reader, ids: [one, two, elsewhere, 2_000_000_000] })).toEqual({
      marked: 2,
    });
    expect(await markRead({ user_id: reader, ids: [one] })).toEqual({ marked: 0 });
    expect([await readCount(one), await readCount(two), await readCount(elsewhere)]).toEqual([1, 1, 0]);
    const after = await inbox(reader);
    expect(after.unread).toBe(19);
    expect(after.list[0]).toMatchObject({ id: one, read: true, read_at: expect.any(String) });
    expect(await recipientRows(elsewhere)).toEqual({ total: 1, read: 0 });
  });

  it('marks all exactly once across parallel calls, and never what has not gone out', async () => {
    const shared = await send('To both', [reader, other]);
    const outcomes = await Promise.all([
      markRead({ user_id: reader, all: true }),
      markRead({ external_id: 'ext-reader', all: true }),
    ]);
    expect(outcomes[0].marked + outcomes[1].marked).toBe(20);
    expect((await inbox(reader)).unread).toBe(0);
    expect(await readCount(shared)).toBe(1);
    expect(await recipientRows(shared)).toEqual({ total: 2, read: 1 });
    // Its recipient rows are written, but it is still going out: not in the inbox, not marked.
    const [inProgress] = await testDb.db.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.title, 'Going out'));
    expect(await recipientRows(inProgress!.id)).toEqual({ total: 1, read: 0 });
  });

  it('answers 404 for a user who does not exist', async () => {
    await expect(inboxOf({ user_id: 2_000_000_000, page: 0 })).rejects.toMatchObject({ status: 404 });
    await expect(markRead({ external_id: 'nobody', all: true })).rejects.toMatchObject({
      status: 404,
      messageKey: 'appApi.notifications.userNotFound',
    });
  });
});
