import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { fromNewAddress, post, type Answer } from '../support/api';
import { linkFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

/**
 * Issue #38, item 1: registering made an Administrator, and a 409 told a stranger which addresses
 * were admins'. Now a new address becomes a pending admin holding nothing until an Owner approves
 * it (tests/api/admin-approval.test.ts), and an address already taken gets a mail and the same answer.
 */

const PUBLIC_URL = 'https://admin.example.test';
let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    ALLOW_REGISTRATION: 'true',
    SMTP_URL: mailbox.url,
    PUBLIC_URL,
    TRUSTED_PROXIES: '127.0.0.1',
  });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const newcomer = (email: string) => ({
  id: 'abc',
  email,
  password: 'a long unusual passphrase',
  firstName: 'New',
  lastName: 'Admin',
});
/** Each registration from an address of its own: the per-address throttle is another test's. */
const register = (body: unknown) => post(server.url, '/api/account/register', body, fromNewAddress());

async function rowsOf(email: string) {
  return (await db())
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, email.toLowerCase()));
}

/** What an answer shows, with the address it echoes put aside (it is what the client sent). */
function shape(answer: Answer, email: string) {
  return JSON.parse(
    JSON.stringify({ status: answer.status, body: answer.body }).replaceAll(email, '<email>'),
  );
}

describe('/api/account/register when open', () => {
  it('makes a pending admin with the least role, tells them it waits and mails every active Owner', async () => {
    const answer = await register(newcomer('New@Example.test'));
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toEqual({
      user: { email: 'new@example.test', firstName: 'New', lastName: 'Admin', name: 'New Admin' },
      pending: true,
    });
    const [row] = await rowsOf('new@example.test');
    expect(row).toMatchObject({ status: 'pending', role: 'readonly' });

    const received = await mailbox.nextMail('new@example.test');
    expect(received.subject).toBe('Your Puzzle Admin registration waits for approval');
    expect(received.text).toContain('An Owner must approve it');
    const toOwner = await mailbox.nextMail(TEST_ADMIN.email);
    expect(toOwner.subject).toBe('New Admin waits for your approval');
    expect(toOwner.text).toContain('new@example.test');
    expect(linkFrom(toOwner)).toBe(`${PUBLIC_URL}/account-setting?tab=admins`);
  });

  it('answers an address that has an account exactly as a new one, creates nothing and mails that address', async () => {
    const [before] = await rowsOf(TEST_ADMIN.email);
    const fresh = await register(newcomer('fresh@example.test'));
    const taken = await register(newcomer(TEST_ADMIN.email.toUpperCase()));
    expect(shape(taken, TEST_ADMIN.email)).toEqual(shape(fresh, 'fresh@example.test'));

    expect(await rowsOf(TEST_ADMIN.email)).toEqual([before]);
    // Two mails to the Owner's address, in either order: the warning, and the approval request,
    // which is about the fresh address only.
    const mails = [await mailbox.nextMail(TEST_ADMIN.email), await mailbox.nextMail(TEST_ADMIN.email)];
    const warning = mails.find((mail) => mail.subject === 'Someone tried to register with your address')!;
    expect(warning.text).toContain('nothing was created');
    expect(linkFrom(warning)).toBe(`${PUBLIC_URL}/`);
    const request = mails.find((mail) => mail !== warning)!;
    expect(request.subject).toBe('New Admin waits for your approval');
    expect(request.text).toContain('fresh@example.test');
    await mailbox.nextMail('fresh@example.test');
    expect(mailbox.pending().filter((mail) => mail.to.includes(TEST_ADMIN.email))).toEqual([]);
  });

  it('makes one account of two registrations of one new address at once, and answers both alike', async () => {
    const email = 'twice@example.test';
    const answers = await Promise.all([register(newcomer(email)), register(newcomer(email))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(shape(answers[0]!, email)).toEqual(shape(answers[1]!, email));
    expect(await rowsOf(email)).toHaveLength(1);
    // One was registered (its own mail), the other found the address taken (the warning).
    const subjects = [(await mailbox.nextMail(email)).subject, (await mailbox.nextMail(email)).subject];
    expect(subjects.sort()).toEqual([
      'Someone tried to register with your address',
      'Your Puzzle Admin registration waits for approval',
    ]);
    await mailbox.nextMail(TEST_ADMIN.email);
  });

  it('names bad fields and refuses guessable passwords', async () => {
    const bad = await register({ email: 'x', password: 'short' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    const weak = await register({ ...newcomer('weak@example.test'), password: 'password1' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toHaveProperty('password');
  });
});
