import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { admins, auditLog, idempotencyKeys, notifications } from '../../src/server/db/schema';
import {
  auditCount,
  fromNow,
  notificationRow,
  recipientRows,
  resultOf,
  send,
} from '../support/notifications';
import { freePort, spawnServer, tempDir, waitFor, waitUntilReady } from '../support/process';
import { freshPostgresDatabase, startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertManyUsers, insertUsers } from '../support/users';

/** Read when the file is collected, before the test server points DATABASE_URL at its own database. */
const onPostgres = Boolean(process.env.DATABASE_URL);
const POLL_MS = '50';
let server: TestServer;
let token: string;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer({ NOTIFY_POLL_MS: POLL_MS });
  token = await createTestSession();
  adminId = (await (await db()).select({ id: admins.id }).from(admins))[0]!.id;
});
afterAll(() => server?.stop());

const schedule = async (body: Record<string, unknown>, inMs = 3_600_000) =>
  resultOf(await send(server.url, token, { message: 'Scheduled body', ...body, scheduled_at: fromNow(inMs) }))
    .id;
/** Makes a scheduled row due now, as if its time had come. */
const makeDue = async (id: number) =>
  (await db()).execute(
    sql`UPDATE notifications SET scheduled_at = now() - interval '1 second' WHERE id = ${id}`,
  );
const stateOf = async (id: number) => (await notificationRow(id))?.state;
const waitUntilSent = (id: number, timeoutMs = 15_000) =>
  waitFor(async () => (await stateOf(id)) === 'sent', timeoutMs, `notification ${id} sent`);
const activeUsers = async () =>
  (
    await rowsOf<{ n: number }>(
      await db(),
      sql`SELECT count(*)::int AS n FROM users WHERE status <> 'blocked'`,
    )
  )[0]!.n;

describe('the scheduled-send worker', () => {
  it('sends a due notification once, to the users named, as its creator', async () => {
    const ids = await insertUsers([{}, {}, { status: 'blocked' }]);
    const id = await schedule({ title: 'Due to named', user_ids: ids });
    expect(await recipientRows(id)).toEqual({ total: 0, read: 0 });
    // Made due by hand rather than scheduled a moment ahead: on a busy machine that moment can
    // pass before the check above.
    await makeDue(id);
    await waitUntilSent(id);
    const row = await notificationRow(id);
    expect(row).toMatchObject({ recipientCount: 2, skippedCount: 1, fanoutCursor: null, claimedUntil: null });
    expect(row!.sentAt!.getTime()).toBeGreaterThanOrEqual(row!.scheduledAt!.getTime());
    expect((await recipientRows(id)).total).toBe(2);
    const entries = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.send'), eq(auditLog.target, `notifications:${id}`)));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.adminId).toBe(adminId);
    expect(JSON.parse(entries[0]!.detail!)).toMatchObject({ scheduled: true });
  });

  it('reaches everyone who exists when it goes out, not when it was scheduled', async () => {
    const id = await schedule({ title: 'Due to all', all: true });
    await insertManyUsers(300, 'Later');
    await makeDue(id);
    await waitUntilSent(id);
    const expected = await activeUsers();
    expect((await notificationRow(id))!.recipientCount).toBe(expected);
    expect((await recipientRows(id)).total).toBe(expected);
  });

  it('sends to nobody, visibly, when every named user was blocked before it fell due', async () => {
    const [user] = await insertUsers([{}]);
    const id = await schedule({ title: 'Blocked since', user_ids: [user] });
    await (await db()).execute(sql`UPDATE users SET status = 'blocked' WHERE id = ${user!}`);
    await makeDue(id);
    await waitUntilSent(id);
    expect(await notificationRow(id)).toMatchObject({ recipientCount: 0, skippedCount: 1 });
    expect((await recipientRows(id)).total).toBe(0);
  });

  it('leaves cancelled and not-yet-due ones alone', async () => {
    const [user] = await insertUsers([{}]);
    const cancelled = await schedule({ title: 'Cancelled', user_ids: [user] });
    const future = await schedule({ title: 'Future', user_ids: [user] });
    await (
      await db()
    )
      .update(notifications)
      .set({ state: 'cancelled' })
      .where(eq(notifications.id, cancelled));
    await makeDue(cancelled);
    const marker = await schedule({ title: 'Marker', user_ids: [user] }, 500);
    await waitUntilSent(marker);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stateOf(cancelled)).toBe('cancelled');
    expect(await stateOf(future)).toBe('scheduled');
    expect((await recipientRows(cancelled)).total + (await recipientRows(future)).total).toBe(0);
  });

  it.skipIf(onPostgres)('forgets an idempotency key older than a day', async () => {
    await (await db()).insert(idempotencyKeys).values({
      adminId,
      scope: 'test',
      key: 'old-key',
      requestHash: 'x',
      status: 200,
      response: '{}',
      createdAt: new Date(Date.now() - 25 * 3_600_000),
    });
    await waitFor(
      async () =>
        (await (await db()).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old-key')))
          .length === 0,
      5_000,
      'old key forgotten',
    );
  });

  it('takes over a send whose server died half-way, from its cursor, and not a live one', async () => {
    const id = await schedule({ title: 'Half done', all: true });
    const live = await schedule({ title: 'Live lease', all: true });
    const [median] = await rowsOf<{ cursor: number }>(
      await db(),
      sql`SELECT (percentile_disc(0.5) WITHIN GROUP (ORDER BY id))::int AS cursor FROM users WHERE status <> 'blocked'`,
    );
    const cursor = median!.cursor;
    // What a crashed server leaves: the first chunks written, the lease run out.
    await (
      await db()
    ).transaction(async (tx) => {
      const [added] = await rowsOf<{ n: number }>(
        tx,
        sql`WITH added AS (INSERT INTO notification_recipients (notification_id, user_id)
              SELECT ${id}, id FROM users WHERE status <> 'blocked' AND id <= ${cursor} RETURNING 1)
            SELECT count(*)::int AS n FROM added`,
      );
      await tx.execute(sql`UPDATE notifications SET state = 'sending', sent_at = now(), fanout_cursor = ${cursor},
        recipient_count = ${added!.n}, claimed_until = now() - interval '1 second' WHERE id = ${id}`);
      await tx.execute(sql`UPDATE notifications SET state = 'sending', sent_at = now(), fanout_cursor = 0,
        claimed_until = now() + interval '1 hour' WHERE id = ${live}`);
    });
    await waitUntilSent(id);
    const expected = await activeUsers();
    expect((await notificationRow(id))!.recipientCount).toBe(expected);
    expect((await recipientRows(id)).total).toBe(expected);
    expect(await stateOf(live)).toBe('sending');
    expect((await recipientRows(live)).total).toBe(0);
    await (await db()).update(notifications).set({ state: 'cancelled' }).where(eq(notifications.id, live));
  });

  it('forgets idempotency keys after a day', async () => {
    const values = (key: string, hoursAgo: number) => ({
      adminId,
      scope: 'test.scope',
      key,
      requestHash: 'h',
      status: 200,
      response: '{}',
      createdAt: new Date(Date.now() - hoursAgo * 3_600_000),
    });
    await (await db()).insert(idempotencyKeys).values([values('old', 25), values('fresh', 23)]);
    await waitFor(
      async () =>
        (await (await db()).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'old'))).length ===
        0,
      5_000,
      'the old key forgotten',
    );
    expect(
      await (await db()).select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'fresh')),
    ).toHaveLength(1);
  });
});

// Several instances share one PostgreSQL; PGlite is the single-instance embedded database.
describe.skipIf(!onPostgres)('several server instances on one PostgreSQL', () => {
  it('sends each due notification exactly once with two servers polling', async () => {
    const dataDir = tempDir();
    const second = spawnServer({
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.DATABASE_URL!,
      NOTIFY_POLL_MS: POLL_MS,
      LOG_LEVEL: 'silent',
    });
    try {
      await waitUntilReady(second);
      const named = await insertUsers(Array.from({ length: 40 }, () => ({})));
      const ids: number[] = [];
      for (let n = 0; n < 12; n++) {
        const body = n % 3 === 0 ? { all: true } : { user_ids: named.slice(n, n + 20) };
        ids.push(await schedule({ title: `Race ${n}`, ...body }, 2_500));
      }
      for (const id of ids) await waitUntilSent(id, 20_000);
      const everyone = await activeUsers();
      for (const [n, id] of ids.entries()) {
        const expected = n % 3 === 0 ? everyone : 20;
        expect((await notificationRow(id))!.recipientCount, `Race ${n}`).toBe(expected);
        expect((await recipientRows(id)).total, `Race ${n}`).toBe(expected);
        expect(await auditCount('notifications.send', id), `Race ${n}`).toBe(1);
      }
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('sends at start-up what fell due while every server was down', async () => {
    const fresh = (await freshPostgresDatabase())!;
    const client = new pg.Client({ connectionString: fresh.url });
    const dataDir = tempDir();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: fresh.url,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      NOTIFY_POLL_MS: '60000',
      LOG_LEVEL: 'silent',
    };
    try {
      const first = spawnServer({ ...env, PORT: String(await freePort()) });
      await waitUntilReady(first);
      await client.connect();
      await client.query(`INSERT INTO users (first_name, last_name, email)
        SELECT 'Boot', 'User ' || g, 'boot' || g || '@example.test' FROM generate_series(1, 25) g`);
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO notifications (title, message, audience, state, scheduled_at, created_by)
         SELECT 'While down', 'm', 'all', 'scheduled', now() + interval '2 seconds', min(id) FROM admins
         RETURNING id`,
      );
      const id = rows[0]!.id;
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const state = async () =>
        (
          await client.query<{ state: string; recipient_count: number }>(
            'SELECT state, recipient_count FROM notifications WHERE id = $1',
            [id],
          )
        ).rows[0]!;
      expect((await state()).state).toBe('scheduled');

      // The poll interval is a minute: only the start-up round can send it in time.
      const next = spawnServer({ ...env, PORT: String(await freePort()) });
      try {
        await waitUntilReady(next);
        await waitFor(async () => (await state()).state === 'sent', 10_000, 'the start-up round');
        expect((await state()).recipient_count).toBe(25);
        const { rows: counted } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM notification_recipients WHERE notification_id = $1',
          [id],
        );
        expect(counted[0]!.n).toBe(25);
      } finally {
        next.child.kill('SIGTERM');
        await next.exited;
      }
    } finally {
      await client.end().catch(() => {});
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
