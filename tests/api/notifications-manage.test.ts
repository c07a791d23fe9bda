import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationRow } from '../../src/shared/notifications/notification-input';
import { db } from '../../src/server/db/client';
import { post } from '../support/api';
import {
  auditCount,
  fromNow,
  listNotifications,
  notificationRow,
  recipientRows,
  resultOf,
  send,
} from '../support/notifications';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let token: string;
let cookie: Record<string, string>;
let userIds: number[];

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
  cookie = { cookie: `session=${token}` };
  userIds = await insertUsers([{}, {}, {}]);
});
afterAll(() => server?.stop());

const sendNow = async (title: string, message = `About ${title}`) =>
  resultOf(await send(server.url, token, { title, message, user_ids: userIds })).id;
const schedule = async (title: string, inMs = 3_600_000) =>
  resultOf(
    await send(server.url, token, {
      title,
      message: `Later: ${title}`,
      user_ids: userIds,
      scheduled_at: fromNow(inMs),
    }),
  ).id;
const change = (path: string, body: unknown) => post<unknown>(server.url, `/api/admin/${path}`, body, cookie);
const rowOf = (answer: Awaited<ReturnType<typeof change>>) => answer.body.ResponseData as NotificationRow;

describe('get_notification', () => {
  it('lists newest first, scheduled ones by their time, with total, creator and counts', async () => {
    const first = await sendNow('List one');
    const second = await sendNow('List two');
    const soon = await schedule('List soon', 60_000);
    const later = await schedule('List later', 7_200_000);
    const { status, data } = await listNotifications(server.url, token, '?record=10');
    expect(status).toBe(200);
    expect(data.total).toBe(4);
    expect(data.list.map((row) => row.id)).toEqual([later, soon, second, first]);
    expect(data.list[2]).toMatchObject({
      title: 'List two',
      message: 'About List two',
      audience: 'users',
      target_count: 3,
      state: 'sent',
      recipients: 3,
      skipped: 0,
      read_count: 0,
      scheduled_at: null,
      created_by: { id: expect.any(Number), name: expect.stringMatching(/\S/) },
    });
    expect(new Date(data.list[2]!.sent_at!).toISOString()).toBe(data.list[2]!.sent_at);
    expect(data.list[0]).toMatchObject({ state: 'scheduled', recipients: 0, sent_at: null });
  });

  it('pages, searches title and message, and filters by state', async () => {
    const page = await listNotifications(server.url, token, '?record=1&page=1');
    expect(page.data).toMatchObject({ total: 4, page: 1, record: 1 });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.list[0]!.title).toBe('List soon');
    const byMessage = await listNotifications(server.url, token, '?search=later:%20list%20l');
    expect(byMessage.data.list.map((row) => row.title)).toEqual(['List later']);
    const wildcard = await listNotifications(server.url, token, '?search=%25');
    expect(wildcard.data.total).toBe(0);
    const scheduled = await listNotifications(server.url, token, '?state=scheduled');
    expect(scheduled.data.list.every((row) => row.state === 'scheduled')).toBe(true);
    expect(scheduled.data.total).toBe(2);
    const all = await listNotifications(server.url, token, '?state=all');
    expect(all.data.total).toBe(4);
    const bad = await listNotifications(server.url, token, '?state=gone&record=1000');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.answer.body.errors ?? {}).sort()).toEqual(['record', 'state']);
  });

  it('answers one notification with ?id=, 404 for an unknown one', async () => {
    const id = await sendNow('One of them');
    const one = await listNotifications(server.url, token, `?id=${id}`);
    expect(one.status).toBe(200);
    expect((one.data as unknown as NotificationRow).title).toBe('One of them');
    expect((await listNotifications(server.url, token, '?id=999999')).status).toBe(404);
    expect((await listNotifications(server.url, token, '?id=abc')).status).toBe(400);
  });
});

describe('update-notification', () => {
  it('edits the text of a sent one, audited; refuses moving its time (409)', async () => {
    const id = await sendNow('Typo');
    const edited = await change('update-notification', { id, title: 'Fixed', message: 'Fixed text' });
    expect(edited.status).toBe(200);
    expect(rowOf(edited)).toMatchObject({ id, title: 'Fixed', message: 'Fixed text', state: 'sent' });
    expect(await auditCount('notifications.update', id)).toBe(1);
    const moved = await change('update-notification', {
      id,
      title: 'Fixed',
      message: 'Fixed text',
      scheduled_at: fromNow(600_000),
    });
    expect(moved.status).toBe(409);
    expect(moved.body.ResponseMessage).toMatch(/only its text/i);
    expect(await notificationRow(id)).toMatchObject({ scheduledAt: null, state: 'sent' });
  });

  it('moves a scheduled one, but not into the past; names bad text fields', async () => {
    const id = await schedule('Movable');
    const when = fromNow(86_400_000);
    const moved = await change('update-notification', {
      id,
      title: 'Moved',
      message: 'm',
      scheduled_at: when,
    });
    expect(moved.status).toBe(200);
    expect(rowOf(moved).scheduled_at).toBe(when);
    const past = await change('update-notification', {
      id,
      title: 'Moved',
      message: 'm',
      scheduled_at: fromNow(-600_000),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toHaveProperty('scheduled_at');
    const empty = await change('update-notification', { id, title: '', message: 'x'.repeat(2001) });
    expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(['message', 'title']);
    expect(await notificationRow(id)).toMatchObject({ title: 'Moved', scheduledAt: new Date(when) });
    expect((await change('update-notification', { id: 999_999, title: 't', message: 'm' })).status).toBe(404);
  });
});

describe('cancel-notification', () => {
  it('cancels a scheduled one once, audited; then it can no longer change', async () => {
    const id = await schedule('Call off');
    const cancelled = await change('cancel-notification', { id });
    expect(cancelled.status).toBe(200);
    expect(rowOf(cancelled).state).toBe('cancelled');
    expect(await auditCount('notifications.cancel', id)).toBe(1);
    expect((await change('cancel-notification', { id })).status).toBe(409);
    const edit = await change('update-notification', { id, title: 'Again', message: 'm' });
    expect(edit.status).toBe(409);
    expect(await recipientRows(id)).toEqual({ total: 0, read: 0 });
  });

  it('refuses to cancel a sent one (409) and an unknown one (404)', async () => {
    const id = await sendNow('Gone out');
    expect((await change('cancel-notification', { id })).status).toBe(409);
    expect((await change('cancel-notification', { id: 999_999 })).status).toBe(404);
    expect((await change('cancel-notification', { id: 'x' })).status).toBe(400);
  });

  it('lets exactly one of parallel cancels win', async () => {
    const id = await schedule('Raced');
    const answers = await Promise.all(Array.from({ length: 5 }, () => change('cancel-notification', { id })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await auditCount('notifications.cancel', id)).toBe(1);
  });
});

describe('delete-notification', () => {
  it('deletes a sent one with its recipient rows, audited', async () => {
    const id = await sendNow('Delete me');
    expect((await recipientRows(id)).total).toBe(3);
    const deleted = await change('delete-notification', { id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.ResponseData).toEqual({ id });
    expect(await notificationRow(id)).toBeUndefined();
    expect(await recipientRows(id)).toEqual({ total: 0, read: 0 });
    expect(await auditCount('notifications.delete', id)).toBe(1);
    expect((await change('delete-notification', { id })).status).toBe(404);
  });

  it('refuses while a send is in progress (409), deletes scheduled and cancelled ones', async () => {
    const sending = await schedule('In flight');
    await (await db()).execute(sql`UPDATE notifications SET state = 'sending' WHERE id = ${sending}`);
    const refused = await change('delete-notification', { id: sending });
    expect(refused.status).toBe(409);
    expect(await notificationRow(sending)).toBeDefined();
    await (await db()).execute(sql`UPDATE notifications SET state = 'sent' WHERE id = ${sending}`);
    const scheduled = await schedule('Never mind');
    expect((await change('delete-notification', { id: scheduled })).status).toBe(200);
  });
});
