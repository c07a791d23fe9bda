import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { auditLog, loginThrottles, otpChallenges } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/auth/tokens';
import { fromNewAddress, get, post } from '../support/api';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
let mailbox: Mailbox;

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

type LoginBody = { otpToken: string; expiresAt: string; resendAfter: number };

async function passwordStep(headers = fromNewAddress()) {
  const answer = await post<LoginBody>(server.url, '/api/admin/login', TEST_ADMIN, headers);
  expect(answer.status).toBe(200);
  const code = codeFrom(await mailbox.nextMail(TEST_ADMIN.email));
  return { otpToken: answer.body.ResponseBody!.otpToken, code, headers };
}

const challengeOf = async (otpToken: string) =>
  (
    await (
      await db()
    )
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)))
  )[0]!;

describe('login: bad input', () => {
  it('names each missing or malformed field', async () => {
    const answer = await post(server.url, '/api/admin/login', { email: 'not-an-email' }, fromNewAddress());
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors ?? {}).sort()).toEqual(['email', 'password']);
    expect(answer.body.errors!.email).toBe('Enter a valid email address.');
  });

  it('refuses other content types with 415 and broken JSON with 400, without internals', async () => {
    const form = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'email=a',
    });
    expect(form.status).toBe(415);
    const broken = await post(server.url, '/api/admin/login', '{"email":', fromNewAddress());
    expect(broken.status).toBe(400);
    expect(broken.body.errors).toEqual({ body: 'The request body is not valid JSON.' });
    expect(JSON.stringify(broken.body)).not.toMatch(/at \w+ \(|SyntaxError/);
  });
});

describe('the code step', () => {
  it('signs in with the mailed code: a new session token in a safe cookie only, usable as a bearer', async () => {
    const { otpToken, code } = await passwordStep();
    const response = await fetch(`${server.url}/api/admin/verifyotp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ otpToken, otp: code }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      ResponseBody: { token?: string; adminData: { email: string } };
    };
    expect(body.ResponseBody.adminData.email).toBe(TEST_ADMIN.email);
    // Not asked for as a bearer token: the token is in the HttpOnly cookie only.
    expect(body.ResponseBody.token).toBeUndefined();
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-session=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/Path=\//);
    const token = /^__Host-session=([\w-]{43});/.exec(cookie)![1]!;
    expect(token).not.toBe(otpToken);
    const profile = await get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${token}` });
    expect(profile.body.ResponseBody).toMatchObject({ email: TEST_ADMIN.email, first_name: 'Admin' });

    // Single use.
    const again = await post(server.url, '/api/admin/verifyotp', { otpToken, otp: code });
    expect(again.status).toBe(410);
  });

  it('counts wrong codes, says how many tries are left, and ends the challenge at the fifth', async () => {
    const { otpToken, code } = await passwordStep();
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const answer = await post<{ triesLeft: number }>(server.url, '/api/admin/verifyotp', {
        otpToken,
        otp: wrong,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.ResponseBody).toEqual({ triesLeft: left });
      expect(answer.body.errors?.otp).toBe(`Wrong code. Tries left: ${left}.`);
    }
    expect((await post(server.url, '/api/admin/verifyotp', { otpToken, otp: wrong })).status).toBe(410);
    // Even the right code is too late now.
    const late = await post(server.url, '/api/admin/verifyotp', { otpToken, otp: code });
    expect(late.status).toBe(410);
    expect(late.body.ResponseMessage).toMatch(/sign in again/i);
  });

  it('refuses an expired code with 410', async () => {
    const { otpToken, code } = await passwordStep();
    await (
      await db()
    )
      .update(otpChallenges)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)));
    expect((await post(server.url, '/api/admin/verifyotp', { otpToken, otp: code })).status).toBe(410);
  });

  it('validates the code field', async () => {
    const answer = await post(server.url, '/api/admin/verifyotp', { otpToken: 'x'.repeat(43), otp: '12ab' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ otp: 'Enter the 6-digit code.' });
  });
});

describe('resending the code', () => {
  it('waits a minute between sends, keeps the tries, and replaces the code', async () => {
    const { otpToken, code } = await passwordStep();
    const tooSoon = await post(server.url, '/api/admin/sendotp', { otpToken });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);

    const wrong = code === '000000' ? '111111' : '000000';
    await post(server.url, '/api/admin/verifyotp', { otpToken, otp: wrong });
    // A minute passes.
    await (
      await db()
    )
      .update(otpChallenges)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)));
    const resent = await post<{ resendsLeft: number }>(server.url, '/api/admin/sendotp', { otpToken });
    expect(resent.status).toBe(200);
    expect(resent.body.ResponseBody!.resendsLeft).toBe(3);
    const newCode = codeFrom(await mailbox.nextMail(TEST_ADMIN.email));

    const oldCode = await post<{ triesLeft: number }>(server.url, '/api/admin/verifyotp', {
      otpToken,
      otp: code,
    });
    if (code !== newCode) {
      expect(oldCode.status).toBe(400);
      // Resending did not give the tries back: 5 − 2.
      expect(oldCode.body.ResponseBody).toEqual({ triesLeft: 3 });
    }
    expect((await post(server.url, '/api/admin/verifyotp', { otpToken, otp: newCode })).status).toBe(200);
  });

  it('stops after five sends', async () => {
    const { otpToken } = await passwordStep();
    await (
      await db()
    )
      .update(otpChallenges)
      .set({ sends: 5, lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)));
    const answer = await post(server.url, '/api/admin/sendotp', { otpToken });
    expect(answer.status).toBe(429);
    expect(answer.body.ResponseBody).toEqual({ resendsLeft: 0 });
    expect((await challengeOf(otpToken)).sends).toBe(5);
  });

  it('answers 410 for an unknown challenge', async () => {
    expect((await post(server.url, '/api/admin/sendotp', { otpToken: 'y'.repeat(43) })).status).toBe(410);
  });
});

describe('throttling', () => {
  it('stops one address at an account after five failures, until the wait runs out', async () => {
    const wrong = { email: TEST_ADMIN.email, password: 'not the password' };
    const address = fromNewAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await post(server.url, '/api/admin/login', wrong, address)).status).toBe(401);
    }
    const locked = await post(server.url, '/api/admin/login', TEST_ADMIN, address);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    // The wait is lifted by time.
    await (await db()).update(loginThrottles).set({ blockedUntil: new Date(Date.now() - 1) });
    await passwordStep(address);
  });

  it('blocks a client address after ten failures in fifteen minutes, whatever the account', async () => {
    const address = fromNewAddress();
    for (let attempt = 0; attempt < 10; attempt++) {
      const answer = await post(
        server.url,
        '/api/admin/login',
        { email: `u${attempt}@example.test`, password: 'x' },
        address,
      );
      expect(answer.status).toBe(401);
    }
    const blocked = await post(server.url, '/api/admin/login', TEST_ADMIN, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another address is not affected, and a client cannot pick its own address without a trusted proxy.
    expect((await post(server.url, '/api/admin/login', TEST_ADMIN, fromNewAddress())).status).toBe(200);
    await mailbox.nextMail(TEST_ADMIN.email);
  });
});

describe('audit', () => {
  it('records sign-ins, failures and sign-outs', async () => {
    const { otpToken, code } = await passwordStep();
    const signedIn = await post<{ token: string }>(
      server.url,
      '/api/admin/verifyotp',
      { otpToken, otp: code },
      { 'x-session-delivery': 'bearer' },
    );
    await post(
      server.url,
      '/api/admin/logout',
      {},
      { authorization: `Bearer ${signedIn.body.ResponseBody!.token}` },
    );
    const actions = (await (await db()).select({ action: auditLog.action }).from(auditLog)).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'auth.login_failed', 'auth.logout']));
  });
});
