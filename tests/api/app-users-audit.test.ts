import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { auditLog, users } from '../../src/server/db/schema';
import { appUsers, createKey, syncUsers } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Issue #38, item 5: what a product key writes through `POST /api/app/users` is audited per user,
 * with the key as the actor and the fields that changed, in the sync's own statement, so a batch
 * of 1,000 stays a few statements.
 */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
});
afterAll(() => server?.stop());

/** The users the batch names, by external id: the expectations come from here, not from the trail. */
async function usersTagged(tag: string) {
  const rows = await (
    await db()
  )
    .select({ id: users.id, externalId: users.externalId })
    .from(users)
    .where(sql`${users.externalId} LIKE ${`${tag}-%`}`);
  return new Map(rows.map((row) => [row.externalId!, row.id]));
}

async function trailOf(keyId: number, action: string) {
  return (await db())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.apiKeyId, keyId), eq(auditLog.action, action)));
}

/** The time a call takes, for the report (docs/api.md quotes the figures). */
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.info(`${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

describe('per-user audit of POST /api/app/users', () => {
  it('writes one row per user created, changed or blocked, naming the key and the changed fields', async () => {
    const { id: keyId, key } = await createKey(server.url, token, 'Audited sync');
    const rows = appUsers(1000, 'aud');
    const created = await timed('1,000 new users', () => syncUsers(server.url, key, { users: rows }));
    expect(created.body.ResponseBody).toMatchObject({ created: 1000, rejected: [] });
    const ids = await usersTagged('aud');
    expect(ids.size).toBe(1000);

    const creations = await trailOf(keyId, 'users.create');
    expect(creations).toHaveLength(1000);
    expect(new Set(creations.map((entry) => entry.target))).toEqual(
      new Set([...ids.values()].map((id) => `users:${id}`)),
    );
    for (const entry of creations) {
      expect(entry).toMatchObject({ adminId: null, actorName: null, actorEmail: null, apiKeyId: keyId });
    }
    const first = creations.find((entry) => entry.target === `users:${ids.get('aud-7')}`)!;
    expect(JSON.parse(first.detail!)).toEqual({
      external_id: 'aud-7',
      changes: {
        first_name: [null, 'aud first 7'],
        last_name: [null, 'Last 7'],
        email: [null, 'aud.7@app.test'],
        status: [null, 'active'],
      },
    });

    // Every name changes; ten are blocked as well; one gets a phone.
    const second = rows.map((row, n) => ({
      ...row,
      last_name: `Renamed ${n}`,
      ...(n < 10 ? { status: 'blocked' as const } : {}),
      ...(n === 20 ? { phone: '+40 721 000 111' } : {}),
    }));
    const changed = await timed('1,000 changed users', () => syncUsers(server.url, key, { users: second }));
    expect(changed.body.ResponseBody).toMatchObject({ updated: 1000, rejected: [] });
    const updates = await trailOf(keyId, 'users.update');
    const blocks = await trailOf(keyId, 'users.block');
    expect(updates).toHaveLength(990);
    expect(blocks).toHaveLength(10);
    const blocked = blocks.find((entry) => entry.target === `users:${ids.get('aud-3')}`)!;
    expect(JSON.parse(blocked.detail!)).toEqual({
      external_id: 'aud-3',
      changes: { last_name: ['Last 3', 'Renamed 3'], status: ['active', 'blocked'] },
    });
    const phoned = updates.find((entry) => entry.target === `users:${ids.get('aud-20')}`)!;
    expect(JSON.parse(phoned.detail!)).toEqual({
      external_id: 'aud-20',
      changes: { last_name: ['Last 20', 'Renamed 20'], phone: [null, '+40 721 000 111'] },
    });

    // Sent again as it is: nothing written, so nothing audited per user.
    const before = (await trailOf(keyId, 'users.update')).length;
    const same = await timed('1,000 unchanged users', () => syncUsers(server.url, key, { users: second }));
    expect(same.body.ResponseBody).toMatchObject({ unchanged: 1000 });
    expect(await trailOf(keyId, 'users.update')).toHaveLength(before);
    // An unblock reads as one.
    const unblocked = await syncUsers(server.url, key, { users: [{ ...second[0]!, status: 'active' }] });
    expect(unblocked.body.ResponseBody).toMatchObject({ updated: 1 });
    const [unblock] = await trailOf(keyId, 'users.unblock');
    expect(JSON.parse(unblock!.detail!)).toEqual({
      external_id: 'aud-0',
      changes: { status: ['blocked', 'active'] },
    });
    // The batch's own summary row names the key as its actor too.
    const summaries = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'app.users_sync'), eq(auditLog.apiKeyId, keyId), isNull(auditLog.adminId)),
      );
    expect(summaries).toHaveLength(4);
  });
});
