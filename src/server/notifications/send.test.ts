import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import {
  fromNow,
  notificationCount,
  notificationRow,
  recipientRows,
} from '../../../tests/support/notifications';
import { insertUsers } from '../../../tests/support/users';
import {
  NotificationAudienceInput,
  SendNotificationInput,
  type SendResult,
} from '../../shared/notifications/notification-input';
import { rowsOf } from '../db/rows';
import { auditLog } from '../db/schema';
import { countAudience } from './audience';
import { audienceOf, sendNotification } from './send';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
let ann: number;
let ben: number;
let blocked: number;
let zed: number;
beforeAll(async () => {
  testDb = await openTestDatabase();
  [ann, ben, blocked, zed] = (await insertUsers([
    { firstName: 'Ann' },
    { firstName: 'Ben' },
    { firstName: 'Blocked', status: 'blocked' },
    { firstName: 'Zed', lastName: 'Zebra' },
  ])) as [number, number, number, number];
});
afterAll(() => testDb?.close());

const send = async (body: Record<string, unknown>) =>
  (await sendNotification(SendNotificationInput.parse({ message: 'Body', ...body }), testDb.actor, null))
    .payload.ResponseData as SendResult;
const sendError = (body: Record<string, unknown>) => send(body).catch((error: unknown) => error);
const counted = async (body: Record<string, unknown>) =>
  countAudience(testDb.db.db, audienceOf(NotificationAudienceInput.parse(body)));
const auditOf = async (id: number) =>
  testDb.db.db
    .select({ action: auditLog.action, adminId: auditLog.adminId, detail: auditLog.detail })
    .from(auditLog)
    .where(eq(auditLog.target, `notifications:${id}`));
const notBlocked = async () =>
  (
    await rowsOf<{ n: number }>(
      testDb.db.db,
      sql`SELECT count(*)::int AS n FROM users WHERE status <> 'blocked'`,
    )
  )[0]!.n;

describe('sending a notification now', () => {
  it('reaches the named users, leaving out and counting the blocked ones, as counted beforehand', async () => {
    const body = { title: 'Named', user_ids: [ben, ann, blocked, ann] };
    expect(await counted(body)).toEqual({ recipients: 2, skipped: 1 });
    const result = await send(body);
    expect(result).toMatchObject({ state: 'sent', recipients: 2, skipped: 1 });
    expect(await recipientRows(result.id)).toEqual({ total: 2, read: 0 });
    const row = await notificationRow(result.id);
    expect(row).toMatchObject({ audience: 'users', targetUserIds: [ann, ben, blocked] });
    expect(row!.createdBy).toBe(testDb.actor.adminId);
    expect(row!.sentAt).toBeInstanceOf(Date);
    const [entry] = await auditOf(result.id);
    expect(entry).toMatchObject({ action: 'notifications.send', adminId: testDb.actor.adminId });
    expect(JSON.parse(entry!.detail!)).toEqual({ audience: 'users', users: 3, recipients: 2, skipped: 1 });
  });

  it('reaches everyone not blocked, or those with a status, or those a users-list search finds', async () => {
    const everyone = await notBlocked();
    for (const body of [{ all: true }, { all: true, status: 'active' }]) {
      expect(await counted(body)).toEqual({ recipients: everyone, skipped: body.status ? 0 : 1 });
      const result = await send({ title: `To ${JSON.stringify(body)}`, ...body });
      expect(result).toMatchObject({ state: 'sent', recipients: everyone });
      expect((await recipientRows(result.id)).total).toBe(everyone);
    }
    const zebras = await send({ title: 'Zebras', all: true, search: 'zebra' });
    expect(zebras).toMatchObject({ recipients: 1, skipped: 0 });
    expect(await notificationRow(zebras.id)).toMatchObject({ audienceSearch: 'zebra', targetUserIds: null });
    expect((await recipientRows(zebras.id)).total).toBe(1);
  });

  it('refuses unknown ids with 400 on user_ids, listing them, and writes nothing', async () => {
    const refusal = await sendError({ title: 'Unknown', user_ids: [ann, 1_999_999_999, 1_999_999_998] });
    expect(refusal).toMatchObject({
      status: 400,
      options: {
        fieldKeys: { user_ids: 'notifications.api.unknownUsers' },
        body: { unknown_user_ids: [1_999_999_998, 1_999_999_999] },
      },
    });
    expect(await notificationCount('Unknown')).toBe(0);
    await expect(counted({ user_ids: [1_999_999_999] })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses an audience nobody in it would get (409), now or scheduled, and writes nothing', async () => {
    for (const body of [
      { user_ids: [blocked] },
      { all: true, status: 'blocked' },
      { all: true, search: 'nobody-is-called-this' },
      { user_ids: [blocked], scheduled_at: fromNow(3_600_000) },
    ]) {
      expect(await sendError({ title: 'Nobody', ...body })).toMatchObject({
        status: 409,
        messageKey: 'notifications.api.emptyAudience',
        options: { fieldKeys: { user_ids: 'notifications.api.emptyAudience' } },
      });
    }
    expect(await notificationCount('Nobody')).toBe(0);
    expect(await counted({ all: true, status: 'blocked' })).toEqual({ recipients: 0, skipped: 1 });
  });
});

describe('scheduling a notification', () => {
  it('writes the row alone, audited as a schedule; it reaches nobody until it goes out', async () => {
    const result = await send({ title: 'Later', user_ids: [ann, zed], scheduled_at: fromNow(3_600_000) });
    expect(result).toMatchObject({ state: 'scheduled', recipients: 0, skipped: 0 });
    expect(await recipientRows(result.id)).toEqual({ total: 0, read: 0 });
    expect(await notificationRow(result.id)).toMatchObject({ sentAt: null, targetUserIds: [ann, zed] });
    expect((await auditOf(result.id)).map((entry) => entry.action)).toEqual(['notifications.schedule']);
  });

  it('refuses a time in the past with 400 on scheduled_at, but allows 30 seconds of clock skew', async () => {
    expect(await sendError({ title: 'Past', all: true, scheduled_at: fromNow(-60_000) })).toMatchObject({
      status: 400,
      options: { fieldKeys: { scheduled_at: 'notifications.api.schedulePast' } },
    });
    expect(await notificationCount('Past')).toBe(0);
    const skewed = await send({ title: 'Skewed', all: true, scheduled_at: fromNow(-10_000) });
    expect(skewed.state).toBe('scheduled');
  });
});
