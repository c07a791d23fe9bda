import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { auditCount, fromNow, notificationRow, recipientRows } from '../../../tests/support/notifications';
import { insertManyUsers, insertUsers } from '../../../tests/support/users';
import { SendNotificationInput, type SendResult } from '../../shared/notifications/notification-input';
import { rowsOf } from '../db/rows';
import { auditLog, notifications, users } from '../db/schema';
import { sendNotification } from './send';
import { sendDueNotifications } from './worker';

/** Read before the test database points DATABASE_URL at its own database. */
const onPostgres = Boolean(process.env.DATABASE_URL);
let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
  await insertManyUsers(50, 'Crowd');
});
afterAll(() => testDb?.close());

const schedule = async (title: string, audience: Record<string, unknown>, inMs = 3_600_000) =>
  (
    (
      await sendNotification(
        SendNotificationInput.parse({ title, message: 'Body', ...audience, scheduled_at: fromNow(inMs) }),
        testDb.actor,
        null,
      )
    ).payload.ResponseData as SendResult
  ).id;
/** As if its time had come. */
const makeDue = (id: number) =>
  testDb.db.db.execute(
    sql`UPDATE notifications SET scheduled_at = now() - interval '1 second' WHERE id = ${id}`,
  );
const stateOf = async (id: number) => (await notificationRow(id))?.state;
const notBlocked = async () =>
  (
    await rowsOf<{ n: number }>(
      testDb.db.db,
      sql`SELECT count(*)::int AS n FROM users WHERE status <> 'blocked'`,
    )
  )[0]!.n;

describe('the scheduled-send worker', () => {
  it('sends a due notification to the users named, as the admin who scheduled it, and nothing else', async () => {
    const named = await insertUsers([{}, {}, {}]);
    const due = await schedule('Due', { user_ids: named });
    const future = await schedule('Future', { user_ids: named });
    const cancelled = await schedule('Cancelled', { user_ids: named });
    await testDb.db.db
      .update(notifications)
      .set({ state: 'cancelled' })
      .where(eq(notifications.id, cancelled));
    // Blocked after it was scheduled: left out, and counted, when it goes out.
    await testDb.db.db.update(users).set({ status: 'blocked' }).where(eq(users.id, named[2]!));
    await Promise.all([makeDue(due), makeDue(cancelled)]);

    await sendDueNotifications();
    const row = await notificationRow(due);
    expect(row).toMatchObject({ state: 'sent', recipientCount: 2, skippedCount: 1, fanoutCursor: null });
    expect(row!.sentAt!.getTime()).toBeGreaterThanOrEqual(row!.scheduledAt!.getTime());
    expect(await recipientRows(due)).toEqual({ total: 2, read: 0 });
    const [entry] = await testDb.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.send'), eq(auditLog.target, `notifications:${due}`)));
    expect(entry!.adminId).toBe(testDb.actor.adminId);
    expect(JSON.parse(entry!.detail!)).toMatchObject({ scheduled: true });
    expect([await stateOf(future), await stateOf(cancelled)]).toEqual(['scheduled', 'cancelled']);
    expect((await recipientRows(future)).total + (await recipientRows(cancelled)).total).toBe(0);

    await sendDueNotifications();
    expect(await auditCount('notifications.send', due)).toBe(1);
  });

  it('reaches everyone who exists when it goes out, not when it was scheduled', async () => {
    const id = await schedule('To all', { all: true });
    await insertManyUsers(30, 'Later');
    await makeDue(id);
    await sendDueNotifications();
    const expected = await notBlocked();
    expect(await notificationRow(id)).toMatchObject({ state: 'sent', recipientCount: expected });
    expect((await recipientRows(id)).total).toBe(expected);
  });

  it('takes over a send whose lease ran out from its cursor, and leaves one whose lease is live', async () => {
    const crashed = await schedule('Half done', { all: true });
    const live = await schedule('Live lease', { all: true });
    const [median] = await rowsOf<{ cursor: number }>(
      testDb.db.db,
      sql`SELECT (percentile_disc(0.5) WITHIN GROUP (ORDER BY id))::int AS cursor FROM users`,
    );
    const cursor = median!.cursor;
    // What a server that died half-way leaves behind: the first users done, the lease run out.
    await testDb.db.db.transaction(async (tx) => {
      const [added] = await rowsOf<{ n: number }>(
        tx,
        sql`WITH added AS (INSERT INTO notification_recipients (notification_id, user_id)
              SELECT ${crashed}, id FROM users WHERE status <> 'blocked' AND id <= ${cursor} RETURNING 1)
            SELECT count(*)::int AS n FROM added`,
      );
      await tx.execute(sql`UPDATE notifications SET state = 'sending', sent_at = now(), fanout_cursor = ${cursor},
        recipient_count = ${added!.n}, claimed_until = now() - interval '1 second' WHERE id = ${crashed}`);
      await tx.execute(sql`UPDATE notifications SET state = 'sending', sent_at = now(), fanout_cursor = 0,
        claimed_until = now() + interval '1 hour' WHERE id = ${live}`);
    });
    await sendDueNotifications();
    const expected = await notBlocked();
    expect(await notificationRow(crashed)).toMatchObject({ state: 'sent', recipientCount: expected });
    expect((await recipientRows(crashed)).total).toBe(expected);
    expect(await stateOf(live)).toBe('sending');
    expect((await recipientRows(live)).total).toBe(0);
    await testDb.db.db.update(notifications).set({ state: 'cancelled' }).where(eq(notifications.id, live));
  });

  it('sends each due notification exactly once when two workers run at once', async () => {
    const named = await insertUsers(Array.from({ length: 8 }, () => ({})));
    const ids: number[] = [];
    for (let n = 0; n < 6; n++) {
      ids.push(await schedule(`Race ${n}`, n % 3 === 0 ? { all: true } : { user_ids: named.slice(n) }));
    }
    await Promise.all(ids.map(makeDue));
    await Promise.all([sendDueNotifications(), sendDueNotifications()]);
    const everyone = await notBlocked();
    for (const [n, id] of ids.entries()) {
      const expected = n % 3 === 0 ? everyone : named.length - n;
      expect({ n, ...(await recipientRows(id)) }).toEqual({ n, total: expected, read: 0 });
      expect({ n, sends: await auditCount('notifications.send', id) }).toEqual({ n, sends: 1 });
    }
  });

  // A second connection can hold a row only on PostgreSQL: PGlite runs one transaction at a time.
  it.skipIf(!onPostgres)(
    'skips a due send another transaction holds, and sends it once released',
    async () => {
      const [user] = await insertUsers([{}]);
      const held = await schedule('Held', { user_ids: [user] });
      const free = await schedule('Free', { user_ids: [user] });
      await Promise.all([makeDue(held), makeDue(free)]);
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      // As an edit holds the row while it checks its state (manage.ts locks FOR UPDATE).
      const editor = testDb.db.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM notifications WHERE id = ${held} FOR UPDATE`);
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isLocked;
      try {
        const waited = await Promise.race([
          sendDueNotifications().then(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 15_000)),
        ]);
        expect(waited, 'the round waited for the held row').toBe(false);
        expect([await stateOf(held), await stateOf(free)]).toEqual(['scheduled', 'sent']);
      } finally {
        release();
        await editor;
      }
      await sendDueNotifications();
      expect(await stateOf(held)).toBe('sent');
      expect(await auditCount('notifications.send', held)).toBe(1);
    },
  );
});
