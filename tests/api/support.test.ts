import net from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupportReplyResult, SupportRow, SupportThread } from '../../src/shared/support/support-input';
import { resetConfig } from '../../src/server/config';
import { db } from '../../src/server/db/client';
import { admins, auditLog, supportQueries, supportReplies } from '../../src/server/db/schema';
import type { AppSupportPage } from '../../src/server/support/app';
import { get, post, type Answer } from '../support/api';
import { createKey } from '../support/api-keys';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let mailbox: Mailbox;
let token: string;
let key: Record<string, string>;
let ada: number;
let bob: number;
let adminId: number;
const adaEmail = 'ada.lovelace@example.test';

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url });
  token = await createTestSession();
  key = { authorization: `Bearer ${(await createKey(server.url, token, 'Support')).key}` };
  [ada, bob] = (await insertUsers([
    { firstName: 'Ada', lastName: 'Lovelace', email: adaEmail, externalId: 'ext-ada' },
    { firstName: 'Bob', lastName: 'Marley', email: 'bob@example.test' },
  ])) as [number, number];
  const [me] = await (
    await db()
  )
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, TEST_ADMIN.email));
  adminId = me!.id;
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const cookie = () => ({ cookie: `session=${token}` });
const admin = <T>(path: string, body: unknown, headers: Record<string, string> = {}) =>
  post<T>(server.url, `/api/admin/${path}`, body, { ...cookie(), ...headers });
const list = (query: string) =>
  get<unknown>(server.url, `/api/admin/getsupport${query}`, cookie()) as Promise<
    Answer<unknown> & { body: { ResponseBody?: { list: SupportRow[]; total: number } } }
  >;
const thread = async (id: number) =>
  (await get<SupportThread>(server.url, `/api/admin/getsupportquery?id=${id}`, cookie())).body.ResponseBody!;
const ask = (body: unknown) =>
  post<{ query_id: number; message_id?: number; status: string }>(server.url, '/api/app/support', body, key);
async function newQuery(subject: string, message: string, user = ada): Promise<number> {
  const answer = await ask({ user_id: user, subject, message });
  expect(answer.status).toBe(200);
  return answer.body.ResponseBody!.query_id;
}
const auditRows = async (action: string, id: number) =>
  (await db())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, `support:${id}`)));
const repliesOf = async (id: number) =>
  (await db()).select().from(supportReplies).where(eq(supportReplies.queryId, id));
const queryRow = async (id: number) =>
  (await (await db()).select().from(supportQueries).where(eq(supportQueries.id, id)))[0]!;

/** An SMTP URL nobody listens on: the mail transport fails at once with ECONNREFUSED. */
async function deadSmtpUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}
function useSmtp(url: string) {
  process.env.SMTP_URL = url;
  resetConfig();
}

describe('product API: POST /api/app/support', () => {
  it('takes a new query, waiting from its arrival, and audits it', async () => {
    const id = await newQuery('Cannot log in', 'My password stopped working yesterday.');
    const row = await queryRow(id);
    expect(row).toMatchObject({ userId: ada, status: 'open', replyCount: 0, assigneeId: null });
    expect(row.waitingSince).toBeInstanceOf(Date);
    expect(await auditRows('app.support_query', id)).toHaveLength(1);
  });

  it('refuses bad input with the field named, an unknown user with 404, a missing key with 401', async () => {
    const noSubject = await ask({ user_id: ada, message: 'hi' });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.errors).toHaveProperty('subject');
    const blank = await ask({ user_id: ada, subject: 'x', message: '   ' });
    expect(blank.body.errors).toHaveProperty('message');
    const nobody = await ask({ subject: 'x', message: 'y' });
    expect(nobody.body.errors).toHaveProperty('user_id');
    expect((await ask({ user_id: 999_999, subject: 'x', message: 'y' })).status).toBe(404);
    expect((await ask({ external_id: 'nobody', subject: 'x', message: 'y' })).status).toBe(404);
    const anonymous = await post(server.url, '/api/app/support', {
      user_id: ada,
      subject: 'x',
      message: 'y',
    });
    expect(anonymous.status).toBe(401);
    const withSession = await post(
      server.url,
      '/api/app/support',
      { user_id: ada, subject: 'x', message: 'y' },
      cookie(),
    );
    expect(withSession.status).toBe(401);
  });

  it('finds the user by external id', async () => {
    const answer = await ask({ external_id: 'ext-ada', subject: 'By external id', message: 'm' });
    expect(answer.status).toBe(200);
    expect((await queryRow(answer.body.ResponseBody!.query_id)).userId).toBe(ada);
  });
});

describe('getsupport', () => {
  let bobs: number;
  beforeAll(async () => {
    bobs = await newQuery('Refund for gems', 'I was charged twice for 100% of the gems pack.', bob);
  });

  it('answers its page under ResponseBody, as the seed’s call table reads it (DESIGN.md §5)', async () => {
    const answer = await list('?record=1');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual([
      'ResponseBody',
      'ResponseCode',
      'ResponseMessage',
      'succeeded',
    ]);
    expect(answer.body.ResponseBody).toMatchObject({ page: 0, record: 1, total: expect.any(Number) });
    expect(answer.body.ResponseBody!.list).toHaveLength(1);
  });

  it('lists latest activity first with user, status, waiting time and replies', async () => {
    const answer = await list('');
    expect(answer.status).toBe(200);
    const rows = answer.body.ResponseBody!.list;
    expect(rows[0]).toMatchObject({
      id: bobs,
      subject: 'Refund for gems',
      status: 'open',
      user: { id: bob, name: 'Bob Marley', email: 'bob@example.test' },
      assignee: null,
      reply_count: 0,
      waiting_since: expect.any(String),
    });
  });

  it('searches subject, message, user name and email, any case; wildcards are text', async () => {
    const ids = async (search: string) =>
      (await list(`?search=${encodeURIComponent(search)}`)).body.ResponseBody!.list.map((row) => row.id);
    expect(await ids('REFUND')).toEqual([bobs]);
    expect(await ids('charged twice')).toEqual([bobs]);
    expect(await ids('marley')).toEqual([bobs]);
    expect(await ids('bob@example')).toEqual([bobs]);
    expect(await ids('100%')).toEqual([bobs]);
    expect(await ids('1%0')).toEqual([]);
    expect((await ids('lovelace')).length).toBeGreaterThanOrEqual(2);
    expect(await ids('lovelace')).not.toContain(bobs);
  });

  it('filters by status and assignee, and names a bad filter', async () => {
    const open = await list('?status=open');
    expect(open.body.ResponseBody!.list.every((row) => row.status === 'open')).toBe(true);
    expect((await list('?status=resolved')).body.ResponseBody!.total).toBe(0);
    const bad = await list('?status=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('status');
    expect((await list('?assignee=someone')).body.errors).toHaveProperty('assignee');
    await admin('assignsupport', { id: bobs, assignee_id: adminId });
    const mine = await list('?assignee=mine');
    expect(mine.body.ResponseBody!.list.map((row) => row.id)).toEqual([bobs]);
    expect((await list('?assignee=none')).body.ResponseBody!.list.map((row) => row.id)).not.toContain(bobs);
  });

  it('lists the queries whose user has waited over a day (?waiting=24h, the dashboard’s tile)', async () => {
    const [long, short] = [await newQuery('Waited long', 'M'), await newQuery('Waited briefly', 'M')];
    await (
      await db()
    )
      .update(supportQueries)
      .set({ waitingSince: sql`now() - interval '25 hours'` })
      .where(eq(supportQueries.id, long));
    const waiting = (await list('?waiting=24h')).body.ResponseBody!;
    expect(waiting.list.map((row) => row.id)).toContain(long);
    expect(waiting.list.map((row) => row.id)).not.toContain(short);
    expect(waiting.list.every((row) => Date.parse(row.waiting_since!) < Date.now() - 86_400_000)).toBe(true);
    expect((await list('?waiting=1h')).body.errors).toHaveProperty('waiting');
  });

  it('answers 404 for an unknown thread and 401 without a session', async () => {
    const unknown = await get(server.url, '/api/admin/getsupportquery?id=999999', cookie());
    expect(unknown.status).toBe(404);
    expect((await get(server.url, '/api/admin/getsupport')).status).toBe(401);
  });
});

describe('replysupport', () => {
  it('records the reply, mails it quoting the query, and ends the wait', async () => {
    const id = await newQuery('Streak lost', 'My 40-day streak vanished\nafter the update.');
    const answer = await admin<SupportReplyResult>('replysupport', {
      id,
      message: 'We restored your streak.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody!.mail).toBe('sent');
    const mail = await mailbox.nextMail(adaEmail);
    expect(mail.subject).toBe('Re: Streak lost');
    expect(mail.text).toContain('We restored your streak.');
    expect(mail.text).toContain('> Streak lost');
    expect(mail.text.replace(/\r\n/g, '\n')).toContain('> My 40-day streak vanished\n> after the update.');
    const row = await queryRow(id);
    expect(row).toMatchObject({ status: 'in_progress', waitingSince: null, replyCount: 1 });
    const body = answer.body.ResponseBody!;
    expect(body.messages).toMatchObject([
      { kind: 'reply', mail_state: 'sent', message: 'We restored your streak.' },
    ]);
    expect(body.messages[0]!.author?.id).toBe(adminId);
    expect(await auditRows('support.reply', id)).toHaveLength(1);
  });

  it('refuses an empty reply (400 on message), an unknown query (404), a body that is not JSON (415)', async () => {
    const id = await newQuery('Empty', 'm');
    const empty = await admin('replysupport', { id, message: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toHaveProperty('message');
    expect((await admin('replysupport', { id: 999_999, message: 'hi' })).status).toBe(404);
    const form = await fetch(`${server.url}/api/admin/replysupport`, {
      method: 'POST',
      headers: { ...cookie(), 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain' },
      body: 'id=1',
    });
    expect(form.status).toBe(415);
    expect(await repliesOf(id)).toHaveLength(0);
    expect(mailbox.pending().filter((mail) => mail.to.includes(adaEmail))).toHaveLength(0);
  });

  it('two parallel replies with one Idempotency-Key: one reply, one mail, the same answer twice', async () => {
    const id = await newQuery('Double click', 'm');
    const headers = { 'idempotency-key': `reply-${id}` };
    const [a, b] = await Promise.all([
      admin<SupportReplyResult>('replysupport', { id, message: 'Once' }, headers),
      admin<SupportReplyResult>('replysupport', { id, message: 'Once' }, headers),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.ResponseBody!.messages).toEqual(b.body.ResponseBody!.messages);
    expect(await repliesOf(id)).toHaveLength(1);
    await mailbox.nextMail(adaEmail);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.pending().filter((mail) => mail.to.includes(adaEmail))).toHaveLength(0);
    const other = await admin('replysupport', { id, message: 'Different' }, headers);
    expect(other.status).toBe(422);
  });

  it('two parallel replies without a key are two replies and two mails', async () => {
    const id = await newQuery('Two answers', 'm');
    const answers = await Promise.all([
      admin('replysupport', { id, message: 'First' }),
      admin('replysupport', { id, message: 'Second' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await repliesOf(id)).toHaveLength(2);
    expect((await queryRow(id)).replyCount).toBe(2);
    const texts = [(await mailbox.nextMail(adaEmail)).text, (await mailbox.nextMail(adaEmail)).text];
    expect(
      texts.some((text) => text.includes('First')) && texts.some((text) => text.includes('Second')),
    ).toBe(true);
  });

  it('keeps the reply when the mail server is down, and a resend mails it exactly once', async () => {
    const id = await newQuery('Mail down', 'Is anyone there?');
    useSmtp(await deadSmtpUrl());
    let answer: Answer<SupportReplyResult>;
    try {
      answer = await admin<SupportReplyResult>('replysupport', { id, message: 'Yes, we are.' });
    } finally {
      useSmtp(mailbox.url);
    }
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody!.mail).toBe('failed');
    expect(answer.body.ResponseMessage).toContain('could not be sent');
    const [reply] = await repliesOf(id);
    expect(reply).toMatchObject({ kind: 'reply', mailState: 'failed', message: 'Yes, we are.' });
    expect((await thread(id)).messages[0]!.mail_state).toBe('failed');

    const resends = await Promise.all([
      admin<SupportReplyResult>('resendsupportreply', { reply_id: reply!.id }),
      admin<SupportReplyResult>('resendsupportreply', { reply_id: reply!.id }),
    ]);
    expect(resends.map((r) => r.status).sort()).toEqual([200, 409]);
    const mail = await mailbox.nextMail(adaEmail);
    expect(mail.text).toContain('Yes, we are.');
    expect(mail.text).toContain('> Is anyone there?');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.pending().filter((m) => m.to.includes(adaEmail))).toHaveLength(0);
    expect((await repliesOf(id))[0]!.mailState).toBe('sent');
    expect((await admin('resendsupportreply', { reply_id: reply!.id })).status).toBe(409);
    expect((await admin('resendsupportreply', { reply_id: 999_999 })).status).toBe(404);
    expect(await auditRows('support.reply_resent', id)).toHaveLength(1);
  });

  it('answers 409 when the user is gone (nobody to mail)', async () => {
    const [gone] = await insertUsers([{ firstName: 'Gone', lastName: 'Soon' }]);
    const id = await newQuery('Orphan', 'm', gone);
    await (await db()).execute(sql`DELETE FROM users WHERE id = ${gone!}`);
    expect((await admin('replysupport', { id, message: 'hello' })).status).toBe(409);
    expect(await repliesOf(id)).toHaveLength(0);
  });
});

describe('status, assignee and notes', () => {
  it('changes status in one call; resolving ends the wait; a status outside the three is 400 on status', async () => {
    const id = await newQuery('Status', 'm');
    const bad = await admin('changesupportstatus', { id, status: 'closed' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('status');
    expect((await admin('changesupportstatus', { id: 999_999, status: 'open' })).status).toBe(404);
    const resolved = await admin<SupportThread>('changesupportstatus', { id, status: 'resolved' });
    expect(resolved.body.ResponseBody!.query).toMatchObject({ status: 'resolved', waiting_since: null });
    expect(await auditRows('support.status', id)).toHaveLength(1);
    await admin('changesupportstatus', { id, status: 'resolved' });
    expect(await auditRows('support.status', id)).toHaveLength(1);
    const reopened = await admin<SupportThread>('changesupportstatus', { id, status: 'open' });
    expect(reopened.body.ResponseBody!.query.status).toBe('open');
    expect(await auditRows('support.reopen', id)).toHaveLength(1);
  });

  it('assigns to any active admin or nobody; anyone else is 400 on assignee_id', async () => {
    const id = await newQuery('Assign', 'm');
    const [disabled] = await (
      await db()
    )
      .insert(admins)
      .values({
        firstName: 'Off',
        lastName: 'Duty',
        email: 'off@example.test',
        passwordHash: 'x',
        status: 'disabled',
      })
      .returning({ id: admins.id });
    for (const assignee of [disabled!.id, 999_999]) {
      const refused = await admin('assignsupport', { id, assignee_id: assignee });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toHaveProperty('assignee_id');
    }
    const assigned = await admin<SupportThread>('assignsupport', { id, assignee_id: adminId });
    expect(assigned.body.ResponseBody!.query.assignee?.id).toBe(adminId);
    expect(assigned.body.ResponseBody!.assignees.map((a) => a.id)).toEqual([adminId]);
    const cleared = await admin<SupportThread>('assignsupport', { id, assignee_id: null });
    expect(cleared.body.ResponseBody!.query.assignee).toBeNull();
    expect(await auditRows('support.assign', id)).toHaveLength(2);
  });

  it('adds internal notes (400 on an empty one) that the product API never shows', async () => {
    const id = await newQuery('Notes', 'm');
    expect((await admin('notesupport', { id, message: '' })).body.errors).toHaveProperty('message');
    const noted = await admin<SupportThread>('notesupport', { id, message: 'Check the payment logs' });
    expect(noted.status).toBe(200);
    expect(noted.body.ResponseBody!.messages).toMatchObject([
      { kind: 'note', message: 'Check the payment logs' },
    ]);
    expect((await queryRow(id)).replyCount).toBe(0);
    expect(await auditRows('support.note', id)).toHaveLength(1);
    const page = await get<unknown>(server.url, `/api/app/support?user_id=${ada}`, key);
    const data = page.body.ResponseData as AppSupportPage;
    expect(JSON.stringify(data)).not.toContain('payment logs');
  });
});

describe('product API: follow-ups and the user view', () => {
  it("a follow-up on the user's own resolved query reopens it and makes them wait again", async () => {
    const id = await newQuery('Follow me', 'first');
    await admin('replysupport', { id, message: 'Answer one' });
    await mailbox.nextMail(adaEmail);
    await admin('notesupport', { id, message: 'secret note' });
    await admin('changesupportstatus', { id, status: 'resolved' });
    const follow = await ask({ user_id: ada, query_id: id, message: 'Still broken' });
    expect(follow.status).toBe(200);
    expect(follow.body.ResponseBody).toMatchObject({ query_id: id, status: 'open' });
    const row = await queryRow(id);
    expect(row.status).toBe('open');
    expect(row.waitingSince).toBeInstanceOf(Date);
    expect(row.replyCount).toBe(2);
    expect(await auditRows('app.support_followup', id)).toHaveLength(1);

    const page = (await get<unknown>(server.url, `/api/app/support?user_id=${ada}`, key)).body
      .ResponseData as AppSupportPage;
    const mine = page.list.find((query) => query.id === id)!;
    expect(mine.messages.map((message) => [message.kind, message.message])).toEqual([
      ['reply', 'Answer one'],
      ['user', 'Still broken'],
    ]);
    expect(mine.messages[0]!.from).toBe('Admin');
  });

  it("a follow-up on someone else's query, or none, is 404 and writes nothing", async () => {
    const bobsQuery = await newQuery('Bob only', 'm', bob);
    expect((await ask({ user_id: ada, query_id: bobsQuery, message: 'sneaky' })).status).toBe(404);
    expect((await ask({ user_id: ada, query_id: 999_999, message: 'x' })).status).toBe(404);
    expect(await repliesOf(bobsQuery)).toHaveLength(0);
  });

  it('GET needs exactly one user reference and knows unknown users', async () => {
    expect((await get(server.url, '/api/app/support', key)).status).toBe(400);
    expect((await get(server.url, '/api/app/support?user_id=999999', key)).status).toBe(404);
    const byExternal = await get<unknown>(server.url, '/api/app/support?external_id=ext-ada', key);
    expect((byExternal.body.ResponseData as AppSupportPage).total).toBeGreaterThan(3);
  });
});
