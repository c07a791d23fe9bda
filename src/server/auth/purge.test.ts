import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin } from '../../../tests/support/admins';
import { openTestDatabase } from '../../../tests/support/database';
import { rowsOf } from '../db/rows';
import { adminInvites, loginThrottles, otpChallenges, sessions } from '../db/schema';
import { purgeSignInLeftovers } from './purge';
import { claimTry, PER_IP } from './throttle';

/** Issue #38, item 11: sessions, challenges, throttle counts and replaced invites were never deleted. */

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());

const run = () => testDb.db.db;
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const DAY = 24 * 60;
let nextToken = 0;
const token = () => `purge-test-${(nextToken += 1)}`;

async function session(adminId: number, lastSeenMinutesAgo: number, expiresInMinutes = 600) {
  const [row] = await run()
    .insert(sessions)
    .values({
      tokenHash: token(),
      adminId,
      lastSeenAt: ago(lastSeenMinutesAgo),
      expiresAt: ago(-expiresInMinutes),
    })
    .returning({ id: sessions.id });
  return row!.id;
}

async function idsLeft(table: 'sessions' | 'otp_challenges' | 'admin_invites', ids: number[]) {
  const rows = await rowsOf<{ id: number }>(
    run(),
    sql`SELECT id FROM ${sql.identifier(table)} WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  return rows.map((row) => row.id);
}

async function keysLeft(keys: string[]) {
  const rows = await run().select({ key: loginThrottles.key }).from(loginThrottles);
  return rows
    .map((row) => row.key)
    .filter((key) => keys.includes(key))
    .sort();
}

describe('the sweep of what sign-in leaves behind', () => {
  it('deletes dead sessions, but keeps the one that says when each admin was last seen', async () => {
    const busy = await addAdmin('Busy');
    const live = await session(busy, 1);
    const idle = await session(busy, 45);
    const expired = await session(busy, 5, -1);
    const away = await addAdmin('Away');
    const older = await session(away, 3 * DAY, -2 * DAY);
    const lastSeen = await session(away, 2 * DAY, -DAY);
    await purgeSignInLeftovers();
    expect(await idsLeft('sessions', [live, idle, expired, older, lastSeen])).toEqual([live, lastSeen]);
  });

  it('deletes challenges past their end', async () => {
    const admin = await addAdmin('Challenged');
    const challenge = (expiresInMinutes: number) => ({
      adminId: admin,
      purpose: 'login' as const,
      tokenHash: token(),
      codeHash: 'x',
      codeExpiresAt: ago(-expiresInMinutes),
      expiresAt: ago(-expiresInMinutes),
    });
    const rows = await run()
      .insert(otpChallenges)
      .values([challenge(-1), challenge(-DAY), challenge(5)])
      .returning({ id: otpChallenges.id });
    const [ended, long, live] = rows.map((row) => row.id) as [number, number, number];
    await purgeSignInLeftovers();
    expect(await idsLeft('otp_challenges', [ended, long, live])).toEqual([live]);
  });

  it('deletes throttle counts that no longer block and count nothing, keeping the counts of codes in a row a month', async () => {
    const count = (key: string, quietMinutes: number, blockedForMinutes?: number) => ({
      key,
      failures: 3,
      windowStartedAt: ago(quietMinutes + 5),
      lastTryAt: ago(quietMinutes),
      blockedUntil: blockedForMinutes === undefined ? null : ago(-blockedForMinutes),
    });
    const rows = [
      count('ip:198.51.100.200', 2 * DAY),
      count('account:quiet@example.test', 2 * DAY),
      count('ip:198.51.100.201', 30),
      count('account:blocked@example.test', 2 * DAY, 60),
      count('codes:987654', 2 * DAY),
      count('reset-codes:forgot@example.test', 31 * DAY),
    ];
    await run().insert(loginThrottles).values(rows);
    await purgeSignInLeftovers();
    expect(await keysLeft(rows.map((row) => row.key))).toEqual([
      'account:blocked@example.test',
      'codes:987654',
      'ip:198.51.100.201',
    ]);
  });

  it('counts a try as recent: a count in use is never swept', async () => {
    const key = 'ip:198.51.100.202';
    await run()
      .insert(loginThrottles)
      .values({ key, failures: 1, lastTryAt: ago(2 * DAY), windowStartedAt: ago(2 * DAY) });
    await run().transaction((tx) => claimTry(tx, key, PER_IP));
    await purgeSignInLeftovers();
    expect(await keysLeft([key])).toEqual([key]);
  });

  it('keeps only the latest invitation link of each admin', async () => {
    const invited = await addAdmin('Reinvited', 'invited');
    const link = (hoursAgo: number) => ({
      adminId: invited,
      tokenHash: token(),
      expiresAt: ago(hoursAgo * 60 - DAY),
    });
    const rows = await run()
      .insert(adminInvites)
      .values([link(72), link(48), link(1)])
      .returning({ id: adminInvites.id });
    const ids = rows.map((row) => row.id);
    await purgeSignInLeftovers();
    expect(await idsLeft('admin_invites', ids)).toEqual([ids[2]]);
  });

  it('shares the work between sweeps running at once: every row goes once', async () => {
    await run().execute(sql`
      INSERT INTO login_throttles (key, failures, window_started_at, last_try_at)
      SELECT 'ip:flood-' || g, 1, now() - interval '3 days', now() - interval '3 days'
      FROM generate_series(1, 12000) AS g`);
    const sweeps = await Promise.all([purgeSignInLeftovers(), purgeSignInLeftovers()]);
    expect(sweeps[0]!.throttles + sweeps[1]!.throttles).toBe(12000);
    const [left] = await rowsOf<{ n: number }>(
      run(),
      sql`SELECT count(*)::int AS n FROM login_throttles WHERE key LIKE 'ip:flood-%'`,
    );
    expect(left!.n).toBe(0);
  });
});
