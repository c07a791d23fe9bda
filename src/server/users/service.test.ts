import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { UserInput } from '../../shared/users/user-input';
import { auditLog, users } from '../db/schema';
import { bulkChangeStatus, changeUserStatus, createUser, getUser, updateUser } from './service';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());

const person = (email: string) =>
  UserInput.parse({ first_name: 'Ada', last_name: 'Solver', email, phone: '+40 721 000 000' });

const auditActions = async (target: string) =>
  (
    await testDb.db.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.target, target))
  ).map((row) => row.action);

describe('the users service', () => {
  it('creates and edits a user, audited, and refuses an email another user has in any case (409)', async () => {
    const ada = await createUser(person('ada@example.test'), null, testDb.actor);
    expect(ada).toMatchObject({ first_name: 'Ada', email: 'ada@example.test', status: 'active' });
    const renamed = await updateUser(
      { ...person('ada@example.test'), id: ada.id, first_name: 'Adele' },
      null,
      testDb.actor,
    );
    expect(renamed.first_name).toBe('Adele');
    expect(await auditActions(`users:${ada.id}`)).toEqual(['users.create', 'users.update']);

    const taken = await createUser(person('ADA@example.test'), null, testDb.actor).catch((error) => error);
    expect(taken).toMatchObject({ status: 409 });
    expect(
      await testDb.db.db.select().from(users).where(like(users.email, '%ada@example.test')),
    ).toHaveLength(1);
  });

  it('blocks once: repeating the same status changes and audits nothing', async () => {
    const bo = await createUser(person('bo@example.test'), null, testDb.actor);
    await changeUserStatus({ id: bo.id, status: 'blocked', reason: 'spam' }, testDb.actor);
    await changeUserStatus({ id: bo.id, status: 'blocked' }, testDb.actor);
    expect((await getUser(bo.id)).user.status).toBe('blocked');
    expect(await auditActions(`users:${bo.id}`)).toEqual(['users.create', 'users.block']);
  });

  it('blocks a selection in one statement, counting only those that changed', async () => {
    const ids = await Promise.all(
      ['c1', 'c2', 'c3'].map(
        async (name) => (await createUser(person(`${name}@example.test`), null, testDb.actor)).id,
      ),
    );
    await changeUserStatus({ id: ids[0]!, status: 'blocked' }, testDb.actor);
    expect(await bulkChangeStatus({ status: 'blocked', ids }, testDb.actor)).toEqual({
      updated: 2,
      ids: [ids[1]!, ids[2]!].sort((a, b) => a - b),
    });
    const blocked = await testDb.db.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'blocked'), like(users.email, 'c_@example.test')));
    expect(blocked).toHaveLength(3);
  });

  it('names the users a bulk change touched, so Undo puts back exactly those, in one audited write', async () => {
    const ids = await Promise.all(
      ['u1', 'u2', 'u3'].map(
        async (name) => (await createUser(person(`${name}@example.test`), null, testDb.actor)).id,
      ),
    );
    // u1 was blocked before: blocking all three changes u2 and u3 only, and Undo must leave u1 blocked.
    await changeUserStatus({ id: ids[0]!, status: 'blocked' }, testDb.actor);
    const done = await bulkChangeStatus({ status: 'blocked', ids }, testDb.actor);
    expect(done.ids).toEqual([ids[1]!, ids[2]!].sort((a, b) => a - b));
    expect(await bulkChangeStatus({ status: 'active', ids: done.ids! }, testDb.actor)).toEqual({
      updated: 2,
      ids: done.ids,
    });
    const statuses = await testDb.db.db
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(like(users.email, 'u_@example.test'));
    expect(new Map(statuses.map((row) => [row.id, row.status]))).toEqual(
      new Map([
        [ids[0], 'blocked'],
        [ids[1], 'active'],
        [ids[2], 'active'],
      ]),
    );
    const undone = await testDb.db.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.target, `users:${done.ids!.join(',')}`));
    expect(undone.map((row) => JSON.parse(row.detail!))).toContainEqual(
      expect.objectContaining({ updated: 2, changed: done.ids }),
    );
  });

  it('answers no ids for a change of more than 1,000 users (no Undo), but still changes them all', async () => {
    await testDb.db.db.insert(users).values(
      Array.from({ length: 1_001 }, (_, n) => ({
        firstName: 'Crowd',
        lastName: String(n),
        email: `crowd${n}@example.test`,
      })),
    );
    const done = await bulkChangeStatus(
      { status: 'blocked', match: { search: 'crowd', status: undefined } },
      testDb.actor,
    );
    expect(done).toEqual({ updated: 1_001 });
  });
});
