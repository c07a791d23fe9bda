import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListResult } from '../../src/lib/envelope';
import type { UserRow } from '../../src/shared/users/user-input';
import { db } from '../../src/server/db/client';
import { auditLog, users } from '../../src/server/db/schema';
import { get, post } from '../support/api';
import { appUsers, createKey, syncUsers, type AppUser } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers, postForm } from '../support/users';

/** Read when the file is collected, before the test server points DATABASE_URL at its own database. */
const onPostgres = Boolean(process.env.DATABASE_URL);
let server: TestServer;
let token: string;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
  cookie = { cookie: `session=${token}` };
});
afterAll(() => server?.stop());

const newKey = async (name = 'Sync') => createKey(server.url, token, name);
const tagged = async (tag: string) =>
  (await db())
    .select()
    .from(users)
    .where(sql`${users.externalId} LIKE ${`${tag}-%`}`)
    .orderBy(users.id);
/** The list's total, as /users shows it (from the trigger-kept counters when unfiltered). */
const listedTotal = async (query = '') =>
  (
    (await get<unknown>(server.url, `/api/admin/getusers${query}`, cookie)).body
      .ResponseBody as ListResult<UserRow>
  ).total;

/** Waits until some other session of this database is blocked on a lock (the sync, on our row). */
async function waitForLockWait(client: pg.Client): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The sync never waited on the held row');
}

describe('POST /api/app/users', () => {
  it('creates 997 of 1,000 users and names the 3 bad rows with field and reason; a second call updates', async () => {
    const { id: keyId, key } = await newKey('Thousand');
    const before = await listedTotal();
    const rows: AppUser[] = appUsers(1000, 'k');
    rows[10] = { ...rows[10]!, email: 'not-an-email' };
    rows[500] = { ...rows[500]!, first_name: '   ' };
    rows[999] = { ...rows[999]!, phone: 'call me' };

    const first = await syncUsers(server.url, key, { users: rows });
    expect(first.status).toBe(200);
    expect(first.body.ResponseBody).toMatchObject({ created: 997, updated: 0, unchanged: 0 });
    expect(first.body.ResponseBody!.rejected).toEqual([
      {
        index: 10,
        external_id: 'k-10',
        field: 'email',
        code: 'invalid',
        reason: 'Enter a valid email address.',
      },
      {
        index: 500,
        external_id: 'k-500',
        field: 'first_name',
        code: 'invalid',
        reason: 'This field is required.',
      },
      {
        index: 999,
        external_id: 'k-999',
        field: 'phone',
        code: 'invalid',
        reason: 'Enter a valid phone number.',
      },
    ]);
    expect(first.body.ResponseMessage).toBe('997 created, 0 updated, 3 rejected.');
    expect(await tagged('k')).toHaveLength(997);
    expect(await listedTotal()).toBe(before + 997);

    // The bad rows fixed, ten names changed, the rest sent again as they are.
    const second = appUsers(1000, 'k');
    for (let n = 100; n < 110; n += 1) second[n] = { ...second[n]!, last_name: `Renamed ${n}` };
    const again = await syncUsers(server.url, key, { users: second });
    expect(again.status).toBe(200);
    expect(again.body.ResponseBody).toEqual({ created: 3, updated: 10, unchanged: 987, rejected: [] });
    expect(await tagged('k')).toHaveLength(1000);
    expect(await listedTotal()).toBe(before + 1000);
    const [renamed] = await (await db()).select().from(users).where(eq(users.externalId, 'k-105'));
    expect(renamed).toMatchObject({ lastName: 'Renamed 105', email: 'k.105@app.test', status: 'active' });

    const entries = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'app.users_sync'), eq(auditLog.target, `apikeys:${keyId}`)))
      .orderBy(auditLog.id);
    expect(entries).toHaveLength(2);
    expect(entries.every((entry) => entry.adminId === null)).toBe(true);
    expect(entries.map((entry) => JSON.parse(entry.detail!))).toEqual([
      { received: 1000, created: 997, updated: 0, unchanged: 0, rejected: 3 },
      { received: 1000, created: 3, updated: 10, unchanged: 987, rejected: 0 },
    ]);
  });

  it('keeps a status and a phone the row leaves out; sets them when given; null clears the phone', async () => {
    const { key } = await newKey();
    const [one, two, three] = appUsers(3, 'keep');
    expect(
      (
        await syncUsers(server.url, key, {
          users: [{ ...one, phone: '+40 721 000 111' }, two, { ...three, status: 'blocked' }],
        })
      ).body.ResponseBody,
    ).toMatchObject({ created: 3 });
    const blockedBefore = await listedTotal('?status=blocked');
    // An admin blocks the first; the next sync leaves status and phone out.
    await (await db()).update(users).set({ status: 'blocked' }).where(eq(users.externalId, 'keep-0'));
    const answer = await syncUsers(server.url, key, {
      users: [
        { ...one, first_name: 'Kept' },
        { ...two, phone: '0721 000 222', status: 'blocked' },
        { ...three, phone: null, status: 'active' },
      ],
    });
    expect(answer.body.ResponseBody).toMatchObject({ created: 0, updated: 3, rejected: [] });
    const rows = await tagged('keep');
    expect(rows.map(({ firstName, phone, status }) => ({ firstName, phone, status }))).toEqual([
      { firstName: 'Kept', phone: '+40 721 000 111', status: 'blocked' },
      { firstName: two!.first_name, phone: '0721 000 222', status: 'blocked' },
      { firstName: three!.first_name, phone: null, status: 'active' },
    ]);
    // The admin's block (made outside the sync) is counted once; the sync blocked one and unblocked one.
    expect(await listedTotal('?status=blocked')).toBe(blockedBefore + 1);
  });

  it('rejects a repeated external_id or email (any case) within the batch, keeping the first', async () => {
    const { key } = await newKey();
    const [a, b, c] = appUsers(3, 'dup');
    const answer = await syncUsers(server.url, key, {
      users: [a, { ...b, external_id: a!.external_id }, { ...c, email: a!.email.toUpperCase() }, b],
    });
    expect(answer.body.ResponseBody).toMatchObject({ created: 2 });
    expect(answer.body.ResponseBody!.rejected).toEqual([
      expect.objectContaining({
        index: 1,
        external_id: 'dup-0',
        field: 'external_id',
        code: 'duplicate_external_id',
      }),
      expect.objectContaining({ index: 2, external_id: 'dup-2', field: 'email', code: 'duplicate_email' }),
    ]);
    expect(answer.body.ResponseBody!.rejected[0]!.reason).toContain('users[0]');
    expect((await tagged('dup')).map((row) => row.externalId)).toEqual(['dup-0', 'dup-1']);
  });

  it('rejects an email another user already has (any case), but lets a user keep or recase their own', async () => {
    const { key } = await newKey();
    await insertUsers([{ email: 'Taken.By.Admin@Example.test' }]);
    const [mine, other, synced] = appUsers(3, 'own');
    await syncUsers(server.url, key, { users: [mine, synced] });
    const answer = await syncUsers(server.url, key, {
      users: [
        { ...mine!, email: mine!.email.toUpperCase() },
        { ...other!, email: 'taken.by.admin@example.TEST' },
        { ...appUsers(1, 'own2')[0]!, email: synced!.email },
      ],
    });
    expect(answer.body.ResponseBody).toMatchObject({ created: 0, updated: 1 });
    const taken = 'A user with this email already exists.';
    expect(answer.body.ResponseBody!.rejected).toEqual([
      { index: 1, external_id: 'own-1', field: 'email', code: 'email_taken', reason: taken },
      { index: 2, external_id: 'own2-0', field: 'email', code: 'email_taken', reason: taken },
    ]);
    expect((await tagged('own')).map((row) => row.email)).toEqual([mine!.email.toUpperCase(), synced!.email]);
  });

  it('takes numeric ids as text and rejects rows that are not objects', async () => {
    const { key } = await newKey();
    const answer = await syncUsers(server.url, key, {
      users: [{ ...appUsers(1, 'num')[0]!, external_id: 12345 }, 'nonsense', null, { external_id: '' }],
    });
    expect(answer.body.ResponseBody).toMatchObject({ created: 1 });
    expect(answer.body.ResponseBody!.rejected.map(({ index, field }) => ({ index, field }))).toEqual([
      { index: 1, field: 'row' },
      { index: 2, field: 'row' },
      { index: 3, field: 'external_id' },
    ]);
    expect(await (await db()).select().from(users).where(eq(users.externalId, '12345'))).toHaveLength(1);
  });

  it('answers 400 naming `users` for no array, an empty one or more than 1,000 rows, and writes nothing', async () => {
    const { key, id } = await newKey();
    const auth = { authorization: `Bearer ${key}` };
    const bodies = [{}, { users: 'all' }, { users: [] }, { users: appUsers(1001, 'many') }];
    for (const body of bodies) {
      const answer = await post(server.url, '/api/app/users', body, auth);
      expect(answer.status).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual(['users']);
    }
    expect(
      (await post(server.url, '/api/app/users', { users: appUsers(1001, 'many') }, auth)).body.errors?.users,
    ).toBe('Send between 1 and 1000 users per call.');
    expect((await post(server.url, '/api/app/users', '{"users": [', auth)).status).toBe(400);
    expect(
      (await post(server.url, '/api/app/users', 'users=1', { ...auth, 'content-type': 'text/plain' })).status,
    ).toBe(415);
    expect(await tagged('many')).toHaveLength(0);
    const audits = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'app.users_sync'), eq(auditLog.target, `apikeys:${id}`)));
    expect(audits).toHaveLength(0);
  });

  it('takes 1,000 rows at the fields’ longest in one body, and refuses a body over 4 MB with 413', async () => {
    const { key } = await newKey();
    const long = (n: number) => ({
      external_id: `long-${String(n).padStart(4, '0')}-${'x'.repeat(90)}`,
      first_name: 'é'.repeat(100),
      last_name: '名'.repeat(100),
      email: `${'a'.repeat(64)}.${n}@${'b'.repeat(60)}.${'c'.repeat(60)}.example`,
      phone: `+40 ${'7'.repeat(27)}`,
      status: 'active',
    });
    // Sent as Python's json.dumps does by default: every non-ASCII character as a \uXXXX escape.
    const body = JSON.stringify({ users: Array.from({ length: 1000 }, (_, n) => long(n)) }).replace(
      /[\u0080-\uffff]/g,
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const answer = await syncUsers(server.url, key, body);
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toMatchObject({ created: 1000, rejected: [] });

    const huge = JSON.stringify({ users: [{ external_id: 'x', padding: 'p'.repeat(4 * 1024 * 1024) }] });
    const refused = await fetch(`${server.url}/api/app/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: huge,
    });
    expect(refused.status).toBe(413);
  });

  it('survives parallel calls bringing the same new emails: none fails, no email or id is doubled', async () => {
    const { key } = await newKey('Parallel');
    // Six calls of 60 rows; each call's ids are its own, but the emails overlap: 120 distinct.
    const calls = Array.from({ length: 6 }, (_, call) =>
      Array.from({ length: 60 }, (_, n) => ({
        external_id: `par-${call}-${n}`,
        first_name: 'Parallel',
        last_name: `${call}/${n}`,
        email: `shared.${(call * 20 + n) % 120}@race.test`,
      })),
    );
    const answers = await Promise.all(calls.map((rows) => syncUsers(server.url, key, { users: rows })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const created = answers.reduce((sum, answer) => sum + answer.body.ResponseBody!.created, 0);
    const rejected = answers.flatMap((answer) => answer.body.ResponseBody!.rejected);
    expect(created).toBe(120);
    expect(rejected).toHaveLength(360 - 120);
    expect(new Set(rejected.map((row) => row.code))).toEqual(new Set(['email_taken']));
    const [counts] = await (
      await db()
    )
      .execute(
        sql`SELECT count(*)::int AS rows, count(DISTINCT lower(email))::int AS emails
      FROM users WHERE email LIKE '%@race.test'`,
      )
      .then((result) => (result as unknown as { rows: { rows: number; emails: number }[] }).rows);
    expect(counts).toEqual({ rows: 120, emails: 120 });

    // The same new ids from several calls at once: each is created once, the others update or match.
    const same = appUsers(50, 'same');
    const repeats = await Promise.all(
      Array.from({ length: 4 }, () => syncUsers(server.url, key, { users: same })),
    );
    expect(repeats.map((answer) => answer.status)).toEqual(Array(4).fill(200));
    expect(repeats.reduce((sum, answer) => sum + answer.body.ResponseBody!.created, 0)).toBe(50);
    expect(repeats.every((answer) => answer.body.ResponseBody!.rejected.length === 0)).toBe(true);
    expect(await tagged('same')).toHaveLength(50);
    expect(await listedTotal('?search=race.test')).toBe(120);
  });

  it('holds when admins add users with the same emails while syncs run', async () => {
    const { key } = await newKey('Mixed');
    const emails = Array.from({ length: 20 }, (_, n) => `mixed.${n}@race.test`);
    const syncs = Array.from({ length: 3 }, (_, call) =>
      syncUsers(server.url, key, {
        users: emails.map((email, n) => ({
          external_id: `mixed-${call}-${n}`,
          first_name: 'Mixed',
          last_name: 'Sync',
          email,
        })),
      }),
    );
    const adds = emails.map((email) =>
      postForm(server.url, '/api/admin/adduser', { first_name: 'Mixed', last_name: 'Admin', email }, token),
    );
    const [synced, added] = await Promise.all([Promise.all(syncs), Promise.all(adds)]);
    expect(synced.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(added.map((answer) => answer.status))).toSatisfy((statuses: Set<number>) =>
      [...statuses].every((status) => status === 200 || status === 409),
    );
    const made = synced.reduce((sum, answer) => sum + answer.body.ResponseBody!.created, 0);
    const byAdmins = added.filter((answer) => answer.status === 200).length;
    expect(made + byAdmins).toBe(20);
    const rows = await (
      await db()
    )
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} LIKE 'mixed.%@race.test'`);
    expect(rows).toHaveLength(20);
  });

  // PGlite runs one statement at a time, so a second writer cannot hold a row there.
  it.skipIf(!onPostgres)(
    'checks again when another writer takes an email between the check and the write (PostgreSQL)',
    async () => {
      const { key } = await newKey('Retry');
      const other = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query(
          "INSERT INTO users (first_name, last_name, email) VALUES ('Held', 'Elsewhere', 'held@race.test')",
        );
        // The sync's check cannot see the uncommitted row; its insert then waits on the unique index.
        const pending = syncUsers(server.url, key, {
          users: [...appUsers(2, 'held'), { ...appUsers(1, 'held2')[0]!, email: 'HELD@race.test' }],
        });
        await waitForLockWait(other);
        await other.query('COMMIT');
        const answer = await pending;
        expect(answer.status).toBe(200);
        expect(answer.body.ResponseBody).toMatchObject({ created: 2 });
        expect(answer.body.ResponseBody!.rejected).toEqual([
          expect.objectContaining({ index: 2, external_id: 'held2-0', field: 'email', code: 'email_taken' }),
        ]);
      } finally {
        await other.end();
      }
    },
  );

  it('leaves users made by admins alone: no external id is ever claimed', async () => {
    const { key } = await newKey();
    await insertUsers([{ email: 'hand.made@example.test', firstName: 'Hand' }]);
    await syncUsers(server.url, key, { users: appUsers(2, 'alone') });
    const [hand] = await (
      await db()
    )
      .select()
      .from(users)
      .where(and(eq(users.email, 'hand.made@example.test'), isNull(users.externalId)));
    expect(hand).toMatchObject({ firstName: 'Hand' });
  });
});
