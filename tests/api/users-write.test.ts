import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/shared/users/user-input';
import { db } from '../../src/server/db/client';
import { auditLog, users } from '../../src/server/db/schema';
import { get, post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers, postForm } from '../support/users';

let server: TestServer;
let token: string;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
  cookie = { cookie: `session=${token}` };
});
afterAll(() => server?.stop());

const valid = {
  first_name: 'Mary',
  last_name: 'Somerville',
  email: 'mary@example.test',
  phone: '+44 131 496 0000',
};
const usersWithEmail = async (email: string) =>
  (await db())
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

describe('adduser and updateuser', () => {
  it('adds a user, audited in the same change', async () => {
    const answer = await postForm<UserRow>(server.url, '/api/admin/adduser', valid, token);
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toMatchObject({
      ...valid,
      status: 'active',
      profile: null,
      games_played: 0,
    });
    const id = answer.body.ResponseBody!.id;
    const [entry] = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users.create'), eq(auditLog.target, `users:${id}`)));
    expect(entry).toBeDefined();
  });

  it('names each bad field with 400 and writes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, first_name: '  ' }, 'first_name'],
      [{ ...valid, last_name: '' }, 'last_name'],
      [{ ...valid, email: 'not-an-email' }, 'email'],
      [{ ...valid, status: 'deleted' }, 'status'],
      [{ ...valid, phone: 'call me' }, 'phone'],
    ];
    for (const [fields, field] of cases) {
      const answer = await postForm(
        server.url,
        '/api/admin/adduser',
        { ...fields, email: (fields.email ?? valid.email).replace('mary', 'bad') },
        token,
      );
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), field).toContain(field);
    }
    expect(await usersWithEmail('bad@example.test')).toHaveLength(0);
  });

  it('refuses a taken email in any letter case with 409 on email', async () => {
    const answer = await postForm(
      server.url,
      '/api/admin/adduser',
      { ...valid, email: 'MARY@Example.TEST' },
      token,
    );
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toHaveProperty('email');
    expect(await usersWithEmail('mary@example.test')).toHaveLength(1);
  });

  it('lets exactly one of ten parallel adds of one address win', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        postForm(server.url, '/api/admin/adduser', { ...valid, email: 'race@example.test' }, token),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await usersWithEmail('race@example.test')).toHaveLength(1);
  });

  it('refuses JSON where a form is expected (415)', async () => {
    expect((await post(server.url, '/api/admin/adduser', valid, cookie)).status).toBe(415);
  });

  it('edits a user; unknown id 404; a taken email 409', async () => {
    const [id, other] = await insertUsers([
      { email: 'edit-me@example.test' },
      { email: 'taken@example.test' },
    ]);
    const edited = await postForm<UserRow>(
      server.url,
      '/api/admin/updateuser',
      {
        id: String(id),
        first_name: 'Edited',
        last_name: 'Name',
        email: 'edited@example.test',
        phone: '',
        status: 'blocked',
      },
      token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.ResponseBody).toMatchObject({
      id,
      first_name: 'Edited',
      phone: null,
      status: 'blocked',
    });
    const fields = { first_name: 'A', last_name: 'B', email: 'x@example.test' };
    expect(
      (await postForm(server.url, '/api/admin/updateuser', { ...fields, id: '99999999' }, token)).status,
    ).toBe(404);
    const taken = await postForm(
      server.url,
      '/api/admin/updateuser',
      { ...fields, id: String(id), email: 'TAKEN@example.test' },
      token,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toHaveProperty('email');
    expect(other).toBeGreaterThan(0);
    const [row] = await (await db()).select().from(users).where(eq(users.id, id!));
    expect(row!.email).toBe('edited@example.test');
  });
});

describe('changestatus', () => {
  const status = async (id: number) =>
    (await (await db()).select().from(users).where(eq(users.id, id)))[0]!.status;

  it('blocks with a reason kept in the audit log, and Undo writes it back', async () => {
    const [id] = await insertUsers([{}]);
    const blocked = await post<UserRow>(
      server.url,
      '/api/admin/changestatus',
      { id, status: 'blocked', reason: 'spam' },
      cookie,
    );
    expect(blocked.status).toBe(200);
    expect(blocked.body.ResponseBody!.status).toBe('blocked');
    const [entry] = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'users.block'), eq(auditLog.target, `users:${id}`)));
    expect(JSON.parse(entry!.detail!)).toEqual({ reason: 'spam' });
    const undone = await post<UserRow>(
      server.url,
      '/api/admin/changestatus',
      { id, status: 'active' },
      cookie,
    );
    expect(undone.body.ResponseBody!.status).toBe('active');
    expect(await status(id!)).toBe('active');
  });

  it('404 for an unknown user, 400 naming a bad status', async () => {
    expect(
      (await post(server.url, '/api/admin/changestatus', { id: 99999999, status: 'blocked' }, cookie)).status,
    ).toBe(404);
    const bad = await post(server.url, '/api/admin/changestatus', { id: 1, status: 'gone' }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('status');
  });

  it('refuses the legacy GET with only the cookie or from another site; allows it same-origin or with a bearer', async () => {
    const [id] = await insertUsers([{}]);
    const path = `/api/admin/changestatus?id=${id}&status=blocked`;
    expect((await get(server.url, path, cookie)).status).toBe(403);
    expect((await get(server.url, path, { ...cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await get(server.url, path, { ...cookie, 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await get(server.url, path, { ...cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect(await status(id!)).toBe('active');
    expect((await get(server.url, path, { ...cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect(await status(id!)).toBe('blocked');
    const back = `/api/admin/changestatus?id=${id}&status=active`;
    expect((await get(server.url, back, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect(await status(id!)).toBe('active');
  });

  it('refuses a cross-site POST made with the cookie', async () => {
    const [id] = await insertUsers([{}]);
    const answer = await post(
      server.url,
      '/api/admin/changestatus',
      { id, status: 'blocked' },
      {
        ...cookie,
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(answer.status).toBe(403);
    expect(await status(id!)).toBe('active');
  });
});

describe('bulkchangestatus', () => {
  it('blocks the selected ids in one statement and says how many changed', async () => {
    const ids = await insertUsers([{}, {}, { status: 'blocked' }]);
    const answer = await post<never>(
      server.url,
      '/api/admin/bulkchangestatus',
      { status: 'blocked', ids, reason: 'ring' },
      cookie,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseData).toEqual({ updated: 2, ids: ids.slice(0, 2) });
    expect(answer.body.ResponseMessage).toBe('2 users updated.');
    const rows = await (
      await db()
    )
      .select()
      .from(users)
      .where(sql`${users.id} in ${ids}`);
    expect(rows.every((row) => row.status === 'blocked')).toBe(true);
  });

  it('unblocks every user matching a filter', async () => {
    await insertUsers(
      Array.from({ length: 7 }, () => ({ firstName: 'Matchme', status: 'blocked' as const })),
    );
    const answer = await post<never>(
      server.url,
      '/api/admin/bulkchangestatus',
      { status: 'active', match: { search: 'matchme', status: 'blocked' } },
      cookie,
    );
    expect(answer.body.ResponseData).toMatchObject({ updated: 7 });
    const left = await (
      await db()
    )
      .select()
      .from(users)
      .where(and(like(users.firstName, 'Matchme'), eq(users.status, 'blocked')));
    expect(left).toHaveLength(0);
    const [entry] = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'users.bulk_unblock'));
    expect(JSON.parse(entry!.detail!)).toMatchObject({ updated: 7 });
  });

  it('needs exactly one of ids and match, and at most 1000 ids', async () => {
    for (const body of [
      { status: 'blocked' },
      { status: 'blocked', ids: [1], match: { search: '' } },
      { status: 'blocked', ids: [] },
      { status: 'blocked', ids: Array.from({ length: 1001 }, (_, n) => n + 1) },
    ]) {
      const answer = await post(server.url, '/api/admin/bulkchangestatus', body, cookie);
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toHaveProperty('ids');
    }
  });
});
