import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { auditLog, otpChallenges, sessions } from '../../src/server/db/schema';
import { fromNewAddress, get, post } from '../support/api';
import { codeFrom, linkFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let mailbox: Mailbox;
let password = TEST_ADMIN.password;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    SMTP_URL: mailbox.url,
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL: 'https://admin.example.test',
  });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const forgot = (email: string, headers = fromNewAddress()) =>
  post(server.url, '/api/admin/forgotpassword', { email }, { ...headers, host: 'evil.example' });

describe('forgot password', () => {
  it('answers every address the same and mails only real admins a code and a PUBLIC_URL link', async () => {
    const unknown = await forgot('nobody@example.test');
    const known = await forgot(TEST_ADMIN.email);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect({ ...unknown.body, ResponseBody: null }).toEqual({ ...known.body, ResponseBody: null });
    const mail = await mailbox.nextMail(TEST_ADMIN.email);
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
    expect(linkFrom(mail)).toMatch(/^https:\/\/admin\.example\.test\/reset-password\?token=[\w-]{22}$/);
    expect(mailbox.pending()).toEqual([]);
  });

  it('validates the email field', async () => {
    const answer = await post(server.url, '/api/admin/forgotpassword', { email: 'nope' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ email: 'Enter a valid email address.' });
  });
});

describe('reset by code', () => {
  it('gives wrong codes the same answer for real and unknown addresses', async () => {
    const real = await post(server.url, '/api/admin/verifyresetcode', {
      email: TEST_ADMIN.email,
      otp: '000000',
    });
    const fake = await post(server.url, '/api/admin/verifyresetcode', {
      email: 'nobody@example.test',
      otp: '000000',
    });
    expect(real.status).toBe(400);
    expect(fake.status).toBe(400);
    expect(real.body).toEqual(fake.body);
    expect(real.body.ResponseBody).toEqual({ triesLeft: 4 });
  });

  it('trades the code for a reset token; a weak password is refused; the reset signs out everywhere', async () => {
    const before = await createTestSession();
    await (await db()).delete(auditLog);
    // The first test asked less than a minute ago: at most one mail a minute.
    await forgot(TEST_ADMIN.email);
    expect(mailbox.pending()).toEqual([]);
    await (await db()).update(otpChallenges).set({ lastSentAt: new Date(0) });
    await forgot(TEST_ADMIN.email);
    const mail = await mailbox.nextMail(TEST_ADMIN.email);
    const verified = await post<{ resetToken: string }>(server.url, '/api/admin/verifyresetcode', {
      email: TEST_ADMIN.email,
      otp: codeFrom(mail),
    });
    expect(verified.status).toBe(200);
    const { resetToken } = verified.body.ResponseBody!;

    const weak = await post(server.url, '/api/admin/resetpassword', { resetToken, password: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toHaveProperty('password');
    const short = await post(server.url, '/api/admin/resetpassword', { resetToken, password: 'short' });
    expect(short.body.errors?.password).toBe('Must be at least 8 characters long.');

    password = 'a brand new passphrase for tests';
    const done = await post(server.url, '/api/admin/resetpassword', { resetToken, password });
    expect(done.status).toBe(200);
    expect(await (await db()).select().from(sessions)).toEqual([]);
    expect(
      (await get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${before}` })).status,
    ).toBe(401);
    expect((await mailbox.nextMail(TEST_ADMIN.email)).text).toMatch(/password was just changed/i);

    // Single use, and the old password is gone.
    expect(
      (
        await post(server.url, '/api/admin/resetpassword', {
          resetToken,
          password: 'another fine passphrase',
        })
      ).status,
    ).toBe(410);
    const old = await post(server.url, '/api/admin/login', TEST_ADMIN, fromNewAddress());
    expect(old.status).toBe(401);
    const fresh = await post(
      server.url,
      '/api/admin/login',
      { email: TEST_ADMIN.email, password },
      fromNewAddress(),
    );
    expect(fresh.status).toBe(200);
    await mailbox.nextMail(TEST_ADMIN.email);
    const actions = (await (await db()).select({ action: auditLog.action }).from(auditLog)).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['auth.reset_requested', 'auth.password_reset']));
  });

  it('ends after five wrong codes, for that address, until a new code is asked for', async () => {
    const email = 'somebody@example.test';
    for (const left of [4, 3, 2, 1]) {
      const answer = await post<{ triesLeft: number }>(server.url, '/api/admin/verifyresetcode', {
        email,
        otp: '123456',
      });
      expect(answer.body.ResponseBody).toEqual({ triesLeft: left });
    }
    expect((await post(server.url, '/api/admin/verifyresetcode', { email, otp: '123456' })).status).toBe(410);
    const blocked = await post(server.url, '/api/admin/verifyresetcode', { email, otp: '123456' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    await forgot(email);
    expect((await post(server.url, '/api/admin/verifyresetcode', { email, otp: '123456' })).status).toBe(400);
  });
});

describe('reset by link', () => {
  it('accepts the mailed link token once, and clears an account lock', async () => {
    const address = fromNewAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      await post(server.url, '/api/admin/login', { email: TEST_ADMIN.email, password: 'wrong' }, address);
    }
    expect(
      (await post(server.url, '/api/admin/login', { email: TEST_ADMIN.email, password }, address)).status,
    ).toBe(429);

    // A minute after the last request, a new one is mailed.
    await (await db()).update(otpChallenges).set({ lastSentAt: new Date(0) });
    await forgot(TEST_ADMIN.email);
    const token = new URL(linkFrom(await mailbox.nextMail(TEST_ADMIN.email))).searchParams.get('token')!;
    password = 'yet another passphrase here';
    expect((await post(server.url, '/api/admin/resetpassword', { resetToken: token, password })).status).toBe(
      200,
    );
    await mailbox.nextMail(TEST_ADMIN.email);
    expect((await post(server.url, '/api/admin/resetpassword', { resetToken: token, password })).status).toBe(
      410,
    );
    expect(
      (await post(server.url, '/api/admin/login', { email: TEST_ADMIN.email, password }, address)).status,
    ).toBe(200);
    await mailbox.nextMail(TEST_ADMIN.email);
  });

  it('answers an unknown token with 410', async () => {
    const answer = await post(server.url, '/api/admin/resetpassword', {
      resetToken: 'z'.repeat(22),
      password: 'whatever passphrase ok',
    });
    expect(answer.status).toBe(410);
  });
});
