import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { addAdmin } from '../../../tests/support/admins';
import {
  appClient,
  ask,
  queryRow,
  supportAudit,
  useProductKey,
} from '../../../tests/support/support-queries';
import { insertUsers } from '../../../tests/support/users';
import { SupportListInput } from '../../shared/support/support-input';
import { postFromUser, queriesOfUser } from './app';
import { listSupport } from './list';
import { addSupportNote, assignSupport, changeSupportStatus } from './manage';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
let ada: number;
let bob: number;
let helena: number;
let gone: number;
let newcomer: number;
beforeAll(async () => {
  testDb = await openTestDatabase();
  await useProductKey();
  [ada, bob] = (await insertUsers([
    { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.lovelace@example.test' },
    { firstName: 'Bob', lastName: 'Marley', email: 'bob.marley@example.test' },
  ])) as [number, number];
  helena = await addAdmin('Helena');
  gone = await addAdmin('Gone', 'disabled');
  newcomer = await addAdmin('Newcomer', 'invited');
});
afterAll(() => testDb?.close());

const list = (query: Record<string, unknown>, adminId = testDb.actor.adminId) =>
  listSupport(SupportListInput.parse(query), adminId);
const subjects = async (query: Record<string, unknown>, adminId?: number) =>
  (await list(query, adminId)).list.map((row) => row.subject);
const missing = 2_000_000_000;

describe('the help-center list', () => {
  let lost: number;
  let wrong: number;
  let login: number;

  it('shows latest activity first; a follow-up from the user moves its query to the top', async () => {
    lost = await ask(ada, 'Lost streak');
    wrong = await ask(bob, 'Wrong score');
    login = await ask(ada, 'Cannot log in');
    expect(await subjects({})).toEqual(['Cannot log in', 'Wrong score', 'Lost streak']);

    await postFromUser({ user_id: ada, query_id: lost, message: 'Any news?' }, appClient);
    const page = await list({});
    expect(page.list.map((row) => row.subject)).toEqual(['Lost streak', 'Cannot log in', 'Wrong score']);
    expect(page.list[0]).toMatchObject({
      id: lost,
      status: 'open',
      user: { id: ada, name: 'Ada Lovelace', email: 'ada.lovelace@example.test' },
      assignee: null,
      reply_count: 1,
    });
    expect(page.total).toBe(3);
    expect(await list({ record: 2, page: 1 })).toMatchObject({ total: 3, list: [{ id: wrong }] });
  });

  it("searches subject, message and the user's name and email in any case; % and _ are text", async () => {
    await ask(bob, 'Stuck at 100%');
    expect(await subjects({ search: 'STREAK' })).toEqual(['Lost streak']);
    expect(await subjects({ search: 'marley' })).toEqual(['Stuck at 100%', 'Wrong score']);
    expect(await subjects({ search: 'ada.lovelace@' })).toEqual(['Lost streak', 'Cannot log in']);
    expect(await subjects({ search: 'log in, please' })).toEqual(['Cannot log in']);
    expect(await subjects({ search: '%' })).toEqual(['Stuck at 100%']);
    expect(await subjects({ search: '_' })).toEqual([]);
  });

  it('filters by status and by assignee: mine is the asking admin, none is nobody', async () => {
    await changeSupportStatus({ id: wrong, status: 'resolved' }, testDb.actor);
    await assignSupport({ id: login, assignee_id: testDb.actor.adminId }, testDb.actor);
    await assignSupport({ id: lost, assignee_id: helena }, testDb.actor);
    expect(await subjects({ status: 'resolved' })).toEqual(['Wrong score']);
    expect(await subjects({ assignee: 'mine' })).toEqual(['Cannot log in']);
    // The same request from another admin is another answer (PGlite reuses answers per admin).
    expect(await subjects({ assignee: 'mine' }, helena)).toEqual(['Lost streak']);
    expect(await subjects({ assignee: 'none' })).toEqual(['Stuck at 100%', 'Wrong score']);
    expect(await subjects({ status: 'open', assignee: 'none' })).toEqual(['Stuck at 100%']);
    expect((await list({ status: 'all', assignee: '' })).total).toBe(4);
  });
});

describe('status, assignee and notes', () => {
  it('resolving ends the wait, reopening is audited as such, and the same status writes nothing', async () => {
    const id = await ask(bob, 'Refund');
    expect((await queryRow(id)).waitingSince).not.toBeNull();
    const working = await changeSupportStatus({ id, status: 'in_progress' }, testDb.actor);
    expect(working.query).toMatchObject({ status: 'in_progress', waiting_since: expect.any(String) });
    const resolved = await changeSupportStatus({ id, status: 'resolved' }, testDb.actor);
    expect(resolved.query).toMatchObject({ status: 'resolved', waiting_since: null });
    await changeSupportStatus({ id, status: 'resolved' }, testDb.actor);
    expect((await changeSupportStatus({ id, status: 'open' }, testDb.actor)).query.status).toBe('open');

    const entries = await supportAudit(id);
    expect(entries.map((entry) => [entry.action, entry.detail && JSON.parse(entry.detail)])).toEqual([
      ['app.support_query', { key_id: appClient.keyId, user_id: bob }],
      ['support.status', { from: 'open', to: 'in_progress' }],
      ['support.status', { from: 'in_progress', to: 'resolved' }],
      ['support.reopen', { from: 'resolved', to: 'open' }],
    ]);
    expect(entries.slice(1).every((entry) => entry.adminId === testDb.actor.adminId)).toBe(true);
    await expect(
      changeSupportStatus({ id: missing, status: 'resolved' }, testDb.actor),
    ).rejects.toMatchObject({ status: 404, messageKey: 'support.api.notFound' });
  });

  it('assigns to an active admin or nobody; anyone else is 400 on assignee_id and changes nothing', async () => {
    const id = await ask(ada, 'Assign me');
    const thread = await assignSupport({ id, assignee_id: helena }, testDb.actor);
    expect(thread.query.assignee).toEqual({ id: helena, name: 'Helena Helper' });
    // The picker offers active admins only.
    const offered = thread.assignees.map((person) => person.id);
    expect(offered).toEqual(expect.arrayContaining([helena, testDb.actor.adminId]));
    expect(offered).not.toContain(gone);
    expect(offered).not.toContain(newcomer);

    for (const other of [gone, newcomer, missing]) {
      await expect(assignSupport({ id, assignee_id: other }, testDb.actor)).rejects.toMatchObject({
        status: 400,
        options: { fieldKeys: { assignee_id: 'support.api.assigneeNotActive' } },
      });
    }
    await assignSupport({ id, assignee_id: helena }, testDb.actor);
    expect((await assignSupport({ id, assignee_id: null }, testDb.actor)).query.assignee).toBeNull();
    expect((await queryRow(id)).assigneeId).toBeNull();
    const entries = await supportAudit(id, 'support.assign');
    expect(entries.map((entry) => JSON.parse(entry.detail!))).toEqual([
      { from: null, to: helena },
      { from: helena, to: null },
    ]);
    await expect(assignSupport({ id: missing, assignee_id: null }, testDb.actor)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('keeps internal notes in the thread with their author, out of the wait, the counts and the user view', async () => {
    const id = await ask(bob, 'Note this');
    const before = await queryRow(id);
    const thread = await addSupportNote({ id, message: 'Checked the logs' }, testDb.actor);
    expect(thread.messages).toEqual([
      expect.objectContaining({
        kind: 'note',
        message: 'Checked the logs',
        author: { id: testDb.actor.adminId, name: expect.stringMatching(/^Admin/) },
        mail_state: null,
      }),
    ]);
    const after = await queryRow(id);
    expect(after).toMatchObject({ status: 'open', replyCount: 0, waitingSince: before.waitingSince });
    expect(after.lastMessageAt).toEqual(before.lastMessageAt);

    await postFromUser({ user_id: bob, query_id: id, message: 'Hello?' }, appClient);
    const mine = (await queriesOfUser({ user_id: bob, page: 0 })).list.find((query) => query.id === id)!;
    expect(mine.messages.map((message) => [message.kind, message.message])).toEqual([['user', 'Hello?']]);
    const [note] = await supportAudit(id, 'support.note');
    expect(JSON.parse(note!.detail!)).toEqual({ note_id: thread.messages[0]!.id });

    await expect(addSupportNote({ id: missing, message: 'Lost' }, testDb.actor)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('the help-center list’s order', () => {
  it('puts open queries first by default, then those in progress, then resolved; or latest activity first', async () => {
    const first = await ask(ada, 'Order: oldest, open');
    const working = await ask(bob, 'Order: in progress');
    const second = await ask(bob, 'Order: newer, open');
    const done = await ask(ada, 'Order: newest, resolved');
    await changeSupportStatus({ id: working, status: 'in_progress' }, testDb.actor);
    await changeSupportStatus({ id: done, status: 'resolved' }, testDb.actor);
    const ids = async (query: Record<string, unknown>) =>
      (await list({ search: 'Order:', ...query })).list.map((row) => row.id);
    expect(await ids({})).toEqual([second, first, working, done]);
    expect(await ids({ sort: 'open' })).toEqual([second, first, working, done]);
    expect(await ids({ sort: '-activity' })).toEqual([done, second, working, first]);
    expect(() => SupportListInput.parse({ sort: 'newest' })).toThrow();
  });
});
