import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin } from '../../../tests/support/admins';
import { openTestDatabase } from '../../../tests/support/database';
import { deadSmtpUrl, startMailbox, useSmtp, type Mailbox } from '../../../tests/support/mailbox';
import {
  appClient,
  ask,
  queryRow,
  supportAudit,
  useProductKey,
} from '../../../tests/support/support-queries';
import { insertUsers } from '../../../tests/support/users';
import type { SupportReplyResult } from '../../shared/support/support-input';
import { supportReplies, users } from '../db/schema';
import type { Answer } from '../http/idempotency';
import { postFromUser, queriesOfUser } from './app';
import { assignSupport, changeSupportStatus } from './manage';
import { replyToQuery, resendReply } from './reply';

let mailbox: Mailbox;
let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
let ada: number;
let bob: number;
const adaEmail = 'ada.reply@example.test';
beforeAll(async () => {
  mailbox = await startMailbox();
  testDb = await openTestDatabase({ SMTP_URL: mailbox.url });
  await useProductKey();
  [ada, bob] = (await insertUsers([
    { firstName: 'Ada', lastName: 'Lovelace', email: adaEmail, externalId: 'ext-ada' },
    { firstName: 'Bob', lastName: 'Marley', email: 'bob.reply@example.test' },
  ])) as [number, number];
});
afterAll(async () => {
  await testDb?.close();
  await mailbox?.close();
});

const result = (answer: Answer) => answer.payload.ResponseBody as SupportReplyResult;
const reply = async (id: number, message: string, locale = 'en') =>
  result(await replyToQuery({ id, message }, testDb.actor, locale, null));
const repliesOf = (id: number) =>
  testDb.db.db.select().from(supportReplies).where(eq(supportReplies.queryId, id)).orderBy(supportReplies.id);
const missing = 2_000_000_000;

describe('an admin’s reply', () => {
  it('is recorded, mailed to the user quoting their query, and ends the wait', async () => {
    const id = await ask(ada, 'Streak lost', 'My 40-day streak vanished\nafter the update.');
    const answer = await reply(id, 'We restored your streak.');
    expect(answer.mail).toBe('sent');
    expect(answer.query).toMatchObject({ status: 'in_progress', waiting_since: null, reply_count: 1 });
    expect(answer.messages).toEqual([
      expect.objectContaining({ kind: 'reply', mail_state: 'sent', message: 'We restored your streak.' }),
    ]);
    expect(answer.messages[0]!.author?.id).toBe(testDb.actor.adminId);

    const mail = await mailbox.nextMail(adaEmail);
    expect(mail.subject).toBe('Re: Streak lost');
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('Hello Ada Lovelace,\n\nWe restored your streak.');
    expect(text).toContain('> Streak lost\n>\n> My 40-day streak vanished\n> after the update.');
    expect((await supportAudit(id, 'support.reply')).map((entry) => JSON.parse(entry.detail!))).toEqual([
      { reply_id: answer.messages[0]!.id },
    ]);
  });

  it('makes a query nobody had taken the replier’s; one someone holds stays theirs', async () => {
    const open = await ask(ada, 'Nobody has it');
    expect((await queryRow(open)).assigneeId).toBeNull();
    expect((await reply(open, 'On it.')).query.assignee?.id).toBe(testDb.actor.adminId);
    expect((await supportAudit(open, 'support.assign')).map((entry) => JSON.parse(entry.detail!))).toEqual([
      { from: null, to: testDb.actor.adminId, by_reply: true },
    ]);
    await mailbox.nextMail(adaEmail);

    const colleague = await addAdmin('Colleague');
    const held = await ask(ada, 'Someone has it');
    await assignSupport({ id: held, assignee_id: colleague }, testDb.actor);
    expect((await reply(held, 'Helping out.')).query.assignee?.id).toBe(colleague);
    expect(await supportAudit(held, 'support.assign')).toHaveLength(1);
    await mailbox.nextMail(adaEmail);
  });

  it('is worded in the replying admin’s language and leaves a resolved query resolved', async () => {
    const id = await ask(bob, 'Facture');
    await changeSupportStatus({ id, status: 'resolved' }, testDb.actor);
    expect((await reply(id, 'C’est réglé.', 'fr')).query.status).toBe('resolved');
    const mail = await mailbox.nextMail('bob.reply@example.test');
    // French puts a no-break space before the colon.
    expect(mail.subject).toBe('Re\u00a0: Facture');
    expect(mail.text).toContain('Bonjour Bob Marley,');
  });

  it('is refused for an unknown query (404) and a user who is gone (409), writing nothing', async () => {
    await expect(reply(missing, 'Hello')).rejects.toMatchObject({ status: 404 });
    const [leaving] = await insertUsers([{ firstName: 'Gone', lastName: 'Soon' }]);
    const id = await ask(leaving!, 'Orphan');
    await testDb.db.db.delete(users).where(eq(users.id, leaving!));
    await expect(reply(id, 'Hello')).rejects.toMatchObject({
      status: 409,
      messageKey: 'support.api.noRecipient',
    });
    expect(await repliesOf(id)).toEqual([]);
    expect(await queryRow(id)).toMatchObject({ status: 'open', replyCount: 0 });
    expect(await supportAudit(id, 'support.reply')).toEqual([]);
  });

  it('is kept when the mail server is down; a resend mails it once, then refuses (409)', async () => {
    const id = await ask(ada, 'Mail down', 'Is anyone there?');
    useSmtp(await deadSmtpUrl());
    let failed: SupportReplyResult;
    try {
      failed = await reply(id, 'Yes, we are.');
    } finally {
      useSmtp(mailbox.url);
    }
    expect(failed.mail).toBe('failed');
    const [row] = await repliesOf(id);
    expect(row).toMatchObject({ kind: 'reply', mailState: 'failed', message: 'Yes, we are.' });
    expect((await queryRow(id)).replyCount).toBe(1);

    const resends = await Promise.allSettled([
      resendReply(row!.id, testDb.actor, 'en'),
      resendReply(row!.id, testDb.actor, 'en'),
    ]);
    expect(resends.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(resends.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { status: 409, messageKey: 'support.api.alreadyMailed' },
    });
    expect((await mailbox.nextMail(adaEmail)).text).toContain('> Is anyone there?');
    expect((await repliesOf(id))[0]!.mailState).toBe('sent');
    await expect(resendReply(row!.id, testDb.actor, 'en')).rejects.toMatchObject({ status: 409 });
    await expect(resendReply(missing, testDb.actor, 'en')).rejects.toMatchObject({ status: 404 });
    expect(await supportAudit(id, 'support.reply_resent')).toHaveLength(1);
    expect(mailbox.pending()).toEqual([]);
  });

  it('may be resent when its sender stopped mid-send over five minutes ago, not sooner', async () => {
    const id = await ask(ada, 'Stalled');
    await reply(id, 'Sent before the crash');
    await mailbox.nextMail(adaEmail);
    const [row] = await repliesOf(id);
    const stall = (ago: string) =>
      testDb.db.db.execute(sql`UPDATE support_replies SET mail_state = 'sending',
        mail_attempted_at = now() - ${ago}::interval WHERE id = ${row!.id}`);
    await stall('1 minute');
    await expect(resendReply(row!.id, testDb.actor, 'en')).rejects.toMatchObject({ status: 409 });
    await stall('6 minutes');
    expect(result(await resendReply(row!.id, testDb.actor, 'en')).mail).toBe('sent');
    expect((await mailbox.nextMail(adaEmail)).text).toContain('Sent before the crash');
  });
});

describe('the user’s side (the product API)', () => {
  it('a follow-up keeps the first wait, and one on a resolved query reopens it', async () => {
    const id = await ask(ada, 'Follow me');
    const waiting = (await queryRow(id)).waitingSince;
    const first = await postFromUser({ user_id: ada, query_id: id, message: 'Still there?' }, appClient);
    expect(first).toMatchObject({ query_id: id, status: 'open' });
    expect((await queryRow(id)).waitingSince).toEqual(waiting);

    await reply(id, 'Answer one');
    await mailbox.nextMail(adaEmail);
    await changeSupportStatus({ id, status: 'resolved' }, testDb.actor);
    const again = await postFromUser(
      { external_id: 'ext-ada', query_id: id, message: 'Broken again' },
      appClient,
    );
    expect(again.status).toBe('open');
    const row = await queryRow(id);
    expect(row).toMatchObject({ status: 'open', replyCount: 3 });
    expect(row.waitingSince!.getTime()).toBeGreaterThan(waiting!.getTime());
    const followUps = await supportAudit(id, 'app.support_followup');
    expect(followUps.map((entry) => JSON.parse(entry.detail!).reopened)).toEqual([false, true]);
    expect(followUps.every((entry) => entry.adminId === null)).toBe(true);

    const mine = (await queriesOfUser({ user_id: ada, page: 0 })).list.find((query) => query.id === id)!;
    expect(mine.messages.map((message) => [message.kind, message.from, message.message])).toEqual([
      ['user', null, 'Still there?'],
      ['reply', 'Admin', 'Answer one'],
      ['user', null, 'Broken again'],
    ]);
  });

  it("is 404 for someone else's query, no query or an unknown user, and writes nothing", async () => {
    const bobs = await ask(bob, 'Bob only');
    const sneaky = { user_id: ada, query_id: bobs, message: 'sneaky' };
    await expect(postFromUser(sneaky, appClient)).rejects.toMatchObject({ status: 404 });
    await expect(postFromUser({ ...sneaky, query_id: missing }, appClient)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      postFromUser({ user_id: missing, subject: 'Who?', message: 'Nobody' }, appClient),
    ).rejects.toMatchObject({ status: 404, messageKey: 'appApi.support.userNotFound' });
    await expect(queriesOfUser({ external_id: 'nobody', page: 0 })).rejects.toMatchObject({ status: 404 });
    expect(await repliesOf(bobs)).toEqual([]);
    expect(await queryRow(bobs)).toMatchObject({ replyCount: 0, status: 'open' });
  });

  it('lists the user’s own queries newest first, 20 a page', async () => {
    const [carol] = await insertUsers([{ firstName: 'Carol' }]);
    for (let n = 1; n <= 21; n++) await ask(carol!, `Question ${n}`);
    const first = await queriesOfUser({ user_id: carol!, page: 0 });
    expect(first).toMatchObject({ total: 21, page: 0, record: 20 });
    expect(first.list[0]!.subject).toBe('Question 21');
    expect((await queriesOfUser({ user_id: carol!, page: 1 })).list.map((query) => query.subject)).toEqual([
      'Question 1',
    ]);
  });
});
