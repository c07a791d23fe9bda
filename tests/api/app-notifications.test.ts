import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import type { InboxItem } from '../../src/server/notifications/app-input';
import type { Inbox } from '../../src/server/notifications/inbox';
import { get, post } from '../support/api';
import { createKey } from '../support/api-keys';
import { fromNow, notificationRow, recipientRows, resultOf, send } from '../support/notifications';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let token: string;
let bearer: Record<string, string>;
let reader: number;
let other: number;
/** Notifications sent to `reader`, oldest first. */
const sent: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
  bearer = { authorization: `Bearer ${(await createKey(server.url, token, 'Inbox')).key}` };
  [reader, other] = (await insertUsers([{ externalId: 'ext-reader' }, {}])) as [number, number];
  for (let n = 0; n < 25; n++) {
    const answer = await send(server.url, token, {
      title: `Note ${n}`,
      message: `Body ${n}`,
      user_ids: [reader, other],
    });
    sent.push(resultOf(answer).id);
  }
});
afterAll(() => server?.stop());

const inbox = async (query: string) => {
  const answer = await get<unknown>(server.url, `/api/app/notifications${query}`, bearer);
  return { status: answer.status, data: answer.body.ResponseData as Inbox, answer };
};
const markRead = (body: unknown) =>
  post<{ marked: number }>(server.url, '/api/app/notifications/read', body, bearer);
const readCount = async (id: number) => (await notificationRow(id))!.readCount;

describe('GET /api/app/notifications', () => {
  it("pages a user's inbox newest first, 20 a page, with read state", async () => {
    const first = await inbox(`?user_id=${reader}`);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ total: 25, unread: 25, page: 0, record: 20 });
    expect(first.data.list.map((item) => item.id)).toEqual([...sent].reverse().slice(0, 20));
    expect(first.data.list[0]).toEqual<InboxItem>({
      id: sent[24]!,
      title: 'Note 24',
      message: 'Body 24',
      sent_at: expect.any(String),
      read: false,
      read_at: null,
    });
    const second = await inbox(`?user_id=${reader}&page=1`);
    expect(second.data.list.map((item) => item.id)).toEqual([...sent].reverse().slice(20));
    expect((await inbox(`?user_id=${reader}&page=2`)).data.list).toEqual([]);
  });

  it('finds the user by the external id the product synced', async () => {
    const byExternal = await inbox('?external_id=ext-reader');
    expect(byExternal.data.total).toBe(25);
  });

  it('shows only notifications that went out (not scheduled, not a send in progress)', async () => {
    await send(server.url, token, {
      title: 'Not yet',
      message: 'm',
      user_ids: [reader],
      scheduled_at: fromNow(3_600_000),
    });
    const inFlight = resultOf(
      await send(server.url, token, { title: 'Half', message: 'm', user_ids: [reader] }),
    ).id;
    await (await db()).execute(sql`UPDATE notifications SET state = 'sending' WHERE id = ${inFlight}`);
    const answer = await inbox(`?user_id=${reader}`);
    expect(answer.data.total).toBe(25);
    expect(answer.data.list.some((item) => item.id === inFlight)).toBe(false);
    await (await db()).execute(sql`UPDATE notifications SET state = 'sent' WHERE id = ${inFlight}`);
    expect((await inbox(`?user_id=${reader}`)).data.list[0]!.id).toBe(inFlight);
    await post(
      server.url,
      '/api/admin/delete-notification',
      { id: inFlight },
      { cookie: `session=${token}` },
    );
  });

  it('answers 404 for an unknown user, 400 without exactly one user reference, 401 without a key', async () => {
    expect((await inbox('?user_id=999999')).status).toBe(404);
    expect((await inbox('?external_id=nobody')).status).toBe(404);
    const neither = await inbox('');
    expect(neither.status).toBe(400);
    expect(neither.answer.body.errors).toHaveProperty('user_id');
    expect((await inbox(`?user_id=${reader}&external_id=ext-reader`)).status).toBe(400);
    expect((await inbox(`?user_id=${reader}&page=-1`)).status).toBe(400);
    const anonymous = await get(server.url, `/api/app/notifications?user_id=${reader}`);
    expect(anonymous.status).toBe(401);
    const admin = await get(server.url, `/api/app/notifications?user_id=${reader}`, {
      cookie: `session=${token}`,
    });
    expect(admin.status).toBe(401);
  });
});

describe('POST /api/app/notifications/read', () => {
  it('marks chosen ones read and counts each once, however often it is marked', async () => {
    const [a, b] = [sent[0]!, sent[1]!];
    const first = await markRead({ user_id: reader, ids: [a, b, 999_999] });
    expect(first.status).toBe(200);
    expect(first.body.ResponseBody).toEqual({ marked: 2 });
    expect(await markRead({ user_id: reader, ids: [a, b] })).toMatchObject({
      body: { ResponseBody: { marked: 0 } },
    });
    expect(await readCount(a)).toBe(1);
    expect(await readCount(b)).toBe(1);
    const page = await inbox(`?user_id=${reader}&page=1`);
    const item = page.data.list.find((entry) => entry.id === a)!;
    expect(item.read).toBe(true);
    expect(new Date(item.read_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(page.data.unread).toBe(23);
  });

  it('ignores ids that are not in the user’s inbox', async () => {
    const [stranger] = await insertUsers([{}]);
    const answer = await markRead({ user_id: stranger, ids: [sent[2]!] });
    expect(answer.body.ResponseBody).toEqual({ marked: 0 });
    expect(await readCount(sent[2]!)).toBe(0);
  });

  it('marks all, exactly once across parallel calls', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => markRead({ external_id: 'ext-reader', all: true })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, answer) => sum + answer.body.ResponseBody!.marked, 0)).toBe(23);
    expect((await inbox(`?user_id=${reader}`)).data.unread).toBe(0);
    for (const id of sent) {
      expect(await readCount(id)).toBe(1);
      expect((await recipientRows(id)).read).toBe(1);
    }
  });

  it('counts reads of many users on one notification exactly', async () => {
    const readers = await insertUsers(Array.from({ length: 12 }, () => ({})));
    const id = resultOf(
      await send(server.url, token, { title: 'Popular', message: 'm', user_ids: readers }),
    ).id;
    const answers = await Promise.all(readers.map((user) => markRead({ user_id: user, all: true })));
    expect(answers.every((answer) => answer.body.ResponseBody?.marked === 1)).toBe(true);
    expect(await readCount(id)).toBe(12);
    const listed = await get<unknown>(server.url, `/api/admin/get_notification?id=${id}`, {
      cookie: `session=${token}`,
    });
    expect(listed.body.ResponseData).toMatchObject({ read_count: 12, recipients: 12 });
  });

  it('names bad input (400) and refuses an unknown user (404)', async () => {
    const bothKinds = await markRead({ user_id: other, ids: [sent[0]!], all: true });
    expect(bothKinds.status).toBe(400);
    expect(bothKinds.body.errors).toHaveProperty('ids');
    expect((await markRead({ user_id: other })).body.errors).toHaveProperty('ids');
    expect((await markRead({ ids: [1] })).body.errors).toHaveProperty('user_id');
    expect((await markRead({ user_id: other, ids: [] })).status).toBe(400);
    expect((await markRead({ user_id: 999_999, all: true })).status).toBe(404);
    const text = await fetch(`${server.url}/api/app/notifications/read`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'text/plain' },
      body: JSON.stringify({ user_id: other, all: true }),
    });
    expect(text.status).toBe(415);
    expect(await readCount(sent[0]!)).toBe(1);
  });
});
