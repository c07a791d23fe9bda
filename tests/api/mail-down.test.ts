import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { db } from '../../src/server/db/client';
import { admins, otpChallenges } from '../../src/server/db/schema';
import { fromNewAddress, post } from '../support/api';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
let mailbox: Mailbox;
let mailUp = true;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
  if (mailUp) await mailbox?.close();
});

const challengesOfAdmin = async () => {
  const database = await db();
  const [admin] = await database
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, TEST_ADMIN.email));
  return database.select().from(otpChallenges).where(eq(otpChallenges.adminId, admin!.id));
};

describe('when the mail server is down', () => {
  it('a resend answers 503 and the code already sent keeps working', async () => {
    const headers = fromNewAddress();
    const login = await post<{ otpToken: string }>(server.url, '/api/admin/login', TEST_ADMIN, headers);
    expect(login.status).toBe(200);
    const otpToken = login.body.ResponseBody!.otpToken;
    const code = codeFrom(await mailbox.nextMail(TEST_ADMIN.email));
    await mailbox.close();
    mailUp = false;
    // As if the minute between resends had passed.
    const database = await db();
    await database
      .update(otpChallenges)
      .set({ lastSentAt: new Date(Date.now() - 120_000) })
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)));
    const [before] = await database
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)));

    const resend = await post(server.url, '/api/admin/sendotp', { otpToken }, headers);
    expect(resend.status).toBe(503);
    expect(resend.headers.get('retry-after')).toBe('30');
    expect(resend.body.ResponseMessage).toBe('The code could not be sent. Try again in a moment.');
    const [after] = await database
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)));
    expect([after!.codeHash, after!.sends, after!.lastSentAt.getTime()]).toEqual([
      before!.codeHash,
      before!.sends,
      before!.lastSentAt.getTime(),
    ]);
    const verified = await post(server.url, '/api/admin/verifyotp', { otpToken, otp: code }, headers);
    expect(verified.status).toBe(200);
  });

  it('a right password answers 503 with Retry-After, and leaves no challenge behind', async () => {
    const before = (await challengesOfAdmin()).length;
    const answer = await post(server.url, '/api/admin/login', TEST_ADMIN, fromNewAddress());
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(answer.body).toMatchObject({
      succeeded: false,
      ResponseMessage: 'The code could not be sent. Try again in a moment.',
    });
    expect(answer.body.ResponseBody).toEqual({ retryAfter: 30 });
    expect((await challengesOfAdmin()).length).toBe(before);
  });
});
