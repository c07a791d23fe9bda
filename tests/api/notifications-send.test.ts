import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows';
import { notifications } from '../../src/server/db/schema';
import { post } from '../support/api';
import {
  auditCount,
  fromNow,
  listNotifications,
  notificationCount,
  notificationRow,
  recipientRows,
  resultOf,
  send,
  SEND,
} from '../support/notifications';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertManyUsers, insertUsers } from '../support/users';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
});
afterAll(() => server?.stop());

const text = (title: string) => ({ title, message: `Message of ${title}` });
/** Users who are not blocked, and those who are: what "everyone" reaches and skips right now. */
async function population(): Promise<{ active: number; blocked: number }> {
  const [row] = await rowsOf<{ active: number; blocked: number }>(
    await db(),
    sql`SELECT count(*) FILTER (WHERE status <> 'blocked')::int AS active,
               count(*) FILTER (WHERE status = 'blocked')::int AS blocked FROM users`,
  );
  return row!;
}

describe('admin/bulk-notifications: refusals', () => {
  it('refuses everyone while no user is active (409), writing nothing', async () => {
    const answer = await send(server.url, token, { ...text('Nobody there'), all: true });
    expect(answer.status).toBe(409);
    expect(answer.body.ResponseMessage).toMatch(/no one/i);
    expect(await notificationCount('Nobody there')).toBe(0);
  });

  it('names an empty or over-long title and message (400) and writes nothing', async () => {
    const [id] = await insertUsers([{}]);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ', message: 'm' }, 'title'],
      [{ title: 'x'.repeat(121), message: 'm' }, 'title'],
      [{ title: 'Bad message', message: '' }, 'message'],
      [{ title: 'Bad message', message: 'y'.repeat(2001) }, 'message'],
      [{ title: 'No audience', message: 'm' }, 'user_ids'],
      [{ title: 'Two kinds', message: 'm', user_ids: [id], all: true }, 'user_ids'],
      [{ title: 'Bad ids', message: 'm', user_ids: ['one'] }, 'user_ids.0'],
      [{ title: 'Bad time', message: 'm', user_ids: [id], scheduled_at: 'tomorrow' }, 'scheduled_at'],
    ];
    for (const [body, field] of cases) {
      const answer = await send(server.url, token, body);
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(body).slice(0, 60)).toContain(field);
    }
    const [row] = await rowsOf<{ n: number }>(await db(), sql`SELECT count(*)::int AS n FROM notifications`);
    expect(row!.n).toBe(0);
  });

  it('lists unknown user ids (400 on user_ids) and sends to nobody', async () => {
    const [known] = await insertUsers([{}]);
    const answer = await send(server.url, token, {
      ...text('Unknown ids'),
      user_ids: [known, 999_999, 888_888],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.user_ids).toContain('888888, 999999');
    expect(answer.body.ResponseBody).toEqual({ unknown_user_ids: [888_888, 999_999] });
    expect(await notificationCount('Unknown ids')).toBe(0);
  });

  it('refuses a send whose named users are all blocked (409)', async () => {
    const ids = await insertUsers([{ status: 'blocked' }, { status: 'blocked' }]);
    const answer = await send(server.url, token, { ...text('All blocked'), user_ids: ids });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toHaveProperty('user_ids');
    expect(await notificationCount('All blocked')).toBe(0);
  });

  it('refuses a schedule in the past (400 on scheduled_at) but allows a little clock skew', async () => {
    const [id] = await insertUsers([{}]);
    const past = await send(server.url, token, {
      ...text('Too late'),
      user_ids: [id],
      scheduled_at: fromNow(-60_000),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors).toHaveProperty('scheduled_at');
    expect(await notificationCount('Too late')).toBe(0);
    const skewed = await send(server.url, token, {
      ...text('Just now'),
      user_ids: [id],
      scheduled_at: fromNow(-5_000),
    });
    expect(skewed.status).toBe(200);
  });

  it('takes only JSON from a signed-in admin', async () => {
    const plain = await fetch(`${server.url}${SEND}`, {
      method: 'POST',
      headers: { cookie: `session=${token}`, 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain' },
      body: JSON.stringify(text('Plain')),
    });
    expect(plain.status).toBe(415);
    expect((await post(server.url, SEND, text('Anonymous'))).status).toBe(401);
  });
});

describe('admin/bulk-notifications: sending', () => {
  it('sends to the named users, skipping and counting the blocked ones, audited', async () => {
    const ids = await insertUsers([{}, {}, { status: 'blocked' }]);
    const answer = await send(server.url, token, { ...text('Named'), user_ids: [...ids, ids[0]] });
    expect(answer.status).toBe(200);
    const result = resultOf(answer);
    expect(result).toEqual({ id: expect.any(Number), state: 'sent', recipients: 2, skipped: 1 });
    expect(answer.body.ResponseMessage).toContain('2');
    expect(await recipientRows(result.id)).toEqual({ total: 2, read: 0 });
    const row = await notificationRow(result.id);
    expect(row).toMatchObject({ state: 'sent', recipientCount: 2, skippedCount: 1, audience: 'users' });
    expect(row!.targetUserIds).toEqual([...ids].sort((a, b) => a - b));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(await auditCount('notifications.send', result.id)).toBe(1);
  });

  it('sends to everyone who is not blocked, and to everyone with a status', async () => {
    await insertUsers([{}, {}, {}, { status: 'blocked' }]);
    const { active, blocked } = await population();
    const everyone = resultOf(await send(server.url, token, { ...text('Everyone'), all: true }));
    expect(everyone).toMatchObject({ state: 'sent', recipients: active, skipped: blocked });
    expect((await recipientRows(everyone.id)).total).toBe(active);
    expect((await notificationRow(everyone.id))!.recipientCount).toBe(active);

    const actives = resultOf(
      await send(server.url, token, { ...text('Actives'), all: true, status: 'active' }),
    );
    expect(actives).toMatchObject({ recipients: active, skipped: 0 });
    const blockedOnes = await send(server.url, token, {
      ...text('Blocked ones'),
      all: true,
      status: 'blocked',
    });
    expect(blockedOnes.status).toBe(409);
  });

  it('sends to many users in chunks (PGlite) that other requests interleave with, answering at the end', async () => {
    await insertManyUsers(45_000, 'Chunked');
    const { active } = await population();
    const sending = send(server.url, token, { ...text('Big send'), all: true });
    const seen = new Set<string>();
    let answered = 0;
    let done = false;
    void sending.finally(() => (done = true));
    while (!done) {
      const { data } = await listNotifications(server.url, token, '?search=Big%20send');
      data.list.forEach((row) => seen.add(row.state));
      answered += 1;
    }
    const answer = await sending;
    expect(answer.status).toBe(200);
    expect(resultOf(answer)).toMatchObject({ state: 'sent', recipients: active });
    expect((await recipientRows(resultOf(answer).id)).total).toBe(active);
    expect((await notificationRow(resultOf(answer).id))!.fanoutCursor).toBeNull();
    // Other requests were answered while it ran; they saw it in progress or done, never otherwise.
    expect(answered).toBeGreaterThan(0);
    expect([...seen].every((state) => state === 'sending' || state === 'sent')).toBe(true);
  });

  it('narrows everyone to a users-list search', async () => {
    await insertUsers([
      { lastName: 'Quagga' },
      { lastName: 'Quagga' },
      { lastName: 'Quagga', status: 'blocked' },
    ]);
    const answer = await send(server.url, token, { ...text('Search'), all: true, search: 'quagg' });
    expect(resultOf(answer)).toMatchObject({ recipients: 2, skipped: 1 });
    expect(await notificationRow(resultOf(answer).id)).toMatchObject({ audienceSearch: 'quagg' });
  });

  it('schedules for later: no recipient rows yet, ids kept, audited as a schedule', async () => {
    const ids = await insertUsers([{}, {}]);
    const answer = await send(server.url, token, {
      ...text('Later'),
      user_ids: ids,
      scheduled_at: fromNow(3_600_000),
    });
    expect(answer.status).toBe(200);
    const result = resultOf(answer);
    expect(result).toEqual({ id: result.id, state: 'scheduled', recipients: 0, skipped: 0 });
    expect(await recipientRows(result.id)).toEqual({ total: 0, read: 0 });
    expect(await notificationRow(result.id)).toMatchObject({ state: 'scheduled', sentAt: null });
    expect(await auditCount('notifications.schedule', result.id)).toBe(1);
    expect(await auditCount('notifications.send', result.id)).toBe(0);

    const unknown = await send(server.url, token, {
      ...text('Later unknown'),
      user_ids: [ids[0], 777_777],
      scheduled_at: fromNow(3_600_000),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.user_ids).toContain('777777');
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and sends once', async () => {
    const ids = await insertUsers([{}, {}]);
    const key = randomUUID();
    const body = { ...text('Retried'), user_ids: ids };
    const first = await send(server.url, token, body, key);
    const second = await send(server.url, token, body, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await notificationCount('Retried')).toBe(1);
    expect(await auditCount('notifications.send', resultOf(first).id)).toBe(1);
  });

  it('sends once for parallel requests with one key (a double submit)', async () => {
    await insertUsers([{}, {}]);
    const key = randomUUID();
    const body = { ...text('Parallel'), all: true };
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(server.url, token, body, key)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => resultOf(answer).id)).size).toBe(1);
    expect(await notificationCount('Parallel')).toBe(1);
    const id = resultOf(answers[0]!).id;
    expect((await recipientRows(id)).total).toBe(resultOf(answers[0]!).recipients);
  });

  it('replays a scheduled answer too, and refuses the key with a different body (422)', async () => {
    const [id] = await insertUsers([{}]);
    const key = randomUUID();
    const body = { ...text('Keyed schedule'), user_ids: [id], scheduled_at: fromNow(600_000) };
    const first = await send(server.url, token, body, key);
    expect((await send(server.url, token, body, key)).body).toEqual(first.body);
    const changed = await send(server.url, token, { ...body, title: 'Another title' }, key);
    expect(changed.status).toBe(422);
    expect(changed.body.ResponseMessage).toMatch(/different request/i);
    expect(await notificationCount('Keyed schedule')).toBe(1);
    expect(await notificationCount('Another title')).toBe(0);
  });

  it('lets a retry after a refusal do the work (refusals are not remembered)', async () => {
    const ids = await insertUsers([{ status: 'blocked' }]);
    const key = randomUUID();
    const body = { ...text('Unblocked later'), user_ids: ids };
    expect((await send(server.url, token, body, key)).status).toBe(409);
    await (await db()).execute(sql`UPDATE users SET status = 'active' WHERE id = ${ids[0]!}`);
    const retried = await send(server.url, token, body, key);
    expect(retried.status).toBe(200);
    expect(resultOf(retried).recipients).toBe(1);
  });

  it('refuses a malformed key (400 naming Idempotency-Key)', async () => {
    const [id] = await insertUsers([{}]);
    const answer = await send(server.url, token, { ...text('Bad key'), user_ids: [id] }, 'x'.repeat(201));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveProperty('Idempotency-Key');
    expect(await notificationCount('Bad key')).toBe(0);
  });

  it('sends twice without a key (each submit is its own send)', async () => {
    const [id] = await insertUsers([{}]);
    const body = { ...text('No key'), user_ids: [id] };
    await send(server.url, token, body, null);
    await send(server.url, token, body, null);
    expect(await notificationCount('No key')).toBe(2);
    const rows = await (await db()).select().from(notifications).where(eq(notifications.title, 'No key'));
    expect(rows.every((row) => row.recipientCount === 1)).toBe(true);
  });
});

describe('admin/count-notification-audience (the confirm step)', () => {
  const COUNT = '/api/admin/admin/count-notification-audience';
  const count = (body: unknown) => post(server.url, COUNT, body, { cookie: `session=${token}` });

  it('counts exactly what a send then reaches and skips, for every kind of audience', async () => {
    const [kept, blocked] = await insertUsers([
      { firstName: 'Counted' },
      { firstName: 'Counted', status: 'blocked' },
    ]);
    const audiences = [
      { user_ids: [kept!, blocked!] },
      { all: true as const },
      { all: true as const, search: 'Counted' },
      { status: 'active' as const },
    ];
    for (const audience of audiences) {
      const before = await notificationCount('Counted send');
      const answer = await count(audience);
      expect(answer.status, JSON.stringify(audience)).toBe(200);
      const expected = answer.body.ResponseData as { recipients: number; skipped: number };
      expect(await notificationCount('Counted send')).toBe(before);
      const sent = resultOf(await send(server.url, token, { ...text('Counted send'), ...audience }));
      expect({ recipients: sent.recipients, skipped: sent.skipped }, JSON.stringify(audience)).toEqual(
        expected,
      );
    }
    const { active } = await population();
    expect((await count({ all: true })).body.ResponseData).toMatchObject({ recipients: active });
    expect((await count({ status: 'blocked' })).body.ResponseData).toMatchObject({ recipients: 0 });
  });

  it('refuses unknown ids (listed) and an empty audience, naming user_ids', async () => {
    const unknown = await count({ user_ids: [2_000_000_000] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('user_ids');
    expect((await count({})).body.errors).toHaveProperty('user_ids');
  });
});
