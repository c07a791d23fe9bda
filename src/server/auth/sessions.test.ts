import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { createTestSession } from '../../../tests/support/session';
import { sessions } from '../db/schema';
import { hashToken } from './tokens';
import { findSessionAdmin, revokeSession } from './sessions';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());

async function age(token: string, change: Partial<typeof sessions.$inferInsert>) {
  await testDb.db.db
    .update(sessions)
    .set(change)
    .where(eq(sessions.tokenHash, hashToken(token)));
}

describe('sessions', () => {
  it('stores only a hash and finds the admin by token', async () => {
    const token = await createTestSession();
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await testDb.db.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(await findSessionAdmin(token)).toMatchObject({ email: 'owner@example.test' });
  });

  it('ends a session past its lifetime or idle too long', async () => {
    const expired = await createTestSession();
    await age(expired, { expiresAt: new Date(Date.now() - 1000) });
    expect(await findSessionAdmin(expired)).toBeNull();

    const idle = await createTestSession();
    await age(idle, { lastSeenAt: new Date(Date.now() - 31 * 60 * 1000) });
    expect(await findSessionAdmin(idle)).toBeNull();

    const recent = await createTestSession();
    await age(recent, { lastSeenAt: new Date(Date.now() - 29 * 60 * 1000) });
    expect(await findSessionAdmin(recent)).not.toBeNull();
    // Use refreshed the idle clock.
    const [row] = await testDb.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(recent)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(5000);
  });

  it('forgets a revoked session', async () => {
    const token = await createTestSession();
    await revokeSession(token);
    expect(await findSessionAdmin(token)).toBeNull();
  });
});
