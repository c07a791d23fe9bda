import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../../src/server/auth/server-secret';
import { db } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';
import { fromNewAddress, get, post, type Answer } from '../support/api';
import { createAdmins } from '../support/admins';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    ACCOUNT_API: 'true',
    SMTP_URL: mailbox.url,
    TRUSTED_PROXIES: '127.0.0.1',
  });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

type LoginBody = { serviceToken: string; user: { id: number; email: string } };
/** login and me answer their result at the top level of the JSON, beside the envelope's fields. */
const topLevel = <T>(answer: Answer<unknown>) => answer.body as unknown as T;

describe('/api/account with ACCOUNT_API=true', () => {
  it('signs in with a password and returns a JWT with an expiry that /me accepts', async () => {
    const login = await post<unknown>(server.url, '/api/account/login', TEST_ADMIN, fromNewAddress());
    expect(login.status).toBe(200);
    // The seed's client reads `response.data.serviceToken` (DESIGN.md §5): nothing is nested.
    expect(Object.keys(login.body).sort()).toEqual([
      'ResponseCode',
      'ResponseMessage',
      'serviceToken',
      'succeeded',
      'user',
    ]);
    const { serviceToken, user } = topLevel<LoginBody>(login);
    expect(user).toEqual({
      id: expect.any(Number),
      email: TEST_ADMIN.email,
      firstName: expect.any(String),
      lastName: expect.any(String),
      name: expect.any(String),
    });
    const payload = JSON.parse(Buffer.from(serviceToken.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    expect(payload.exp * 1000).toBeGreaterThan(Date.now());

    const me = await get<unknown>(server.url, '/api/account/me', {
      authorization: `Bearer ${serviceToken}`,
    });
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual(['ResponseCode', 'ResponseMessage', 'succeeded', 'user']);
    expect(topLevel<{ user: unknown }>(me).user).toEqual(user);

    // The token opens /me only, not the admin API.
    const admin = await get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${serviceToken}` });
    expect(admin.status).toBe(401);
  });

  it('rejects tokens that do not decode, are forged or have expired', async () => {
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('puzzle-admin')
      .setAudience('account-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not the server key, but long enough'));
    for (const token of ['garbage', forged]) {
      const answer = await get(server.url, '/api/account/me', { authorization: `Bearer ${token}` });
      expect(answer.status).toBe(401);
      expect(answer.body.ResponseMessage).toMatch(/not valid/);
    }
    expect((await get(server.url, '/api/account/me')).status).toBe(401);
  });

  it('rejects a correctly signed token once it has expired', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('puzzle-admin')
      .setAudience('account-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(await serverSecret('jwt-signing'));
    const answer = await get(server.url, '/api/account/me', { authorization: `Bearer ${expired}` });
    expect(answer.status).toBe(401);
    expect(answer.body.ResponseMessage).toMatch(/expired/);
  });

  it('rejects a correctly signed, unexpired token that is not bound to a password (issued before the check)', async () => {
    const unbound = await new SignJWT({ email: TEST_ADMIN.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('puzzle-admin')
      .setAudience('account-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await serverSecret('jwt-signing'));
    const answer = await get(server.url, '/api/account/me', { authorization: `Bearer ${unbound}` });
    expect(answer.status).toBe(401);
    expect(answer.body.ResponseMessage).toMatch(/not valid/);
  });

  it('answers wrong credentials with 401 and bad input with 400', async () => {
    const wrong = await post(
      server.url,
      '/api/account/login',
      { ...TEST_ADMIN, password: 'nope' },
      fromNewAddress(),
    );
    expect(wrong.status).toBe(401);
    const bad = await post(server.url, '/api/account/login', { email: 'x' }, fromNewAddress());
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'password']);
  });

  it('keeps registration closed unless ALLOW_REGISTRATION=true', async () => {
    const answer = await post(server.url, '/api/account/register', {
      email: 'new@example.test',
      password: 'a long unusual passphrase',
      firstName: 'New',
      lastName: 'Admin',
    });
    expect(answer.status).toBe(403);
    expect(answer.body.ResponseMessage).toContain('ALLOW_REGISTRATION');
  });
});

type MeBody = { user: { email: string } };
const login = async (email: string, password: string) => {
  const answer = await post<unknown>(server.url, '/api/account/login', { email, password }, fromNewAddress());
  return { ...answer, result: topLevel<LoginBody>(answer) };
};
const me = async (token: string) => {
  const answer = await get<unknown>(server.url, '/api/account/me', { authorization: `Bearer ${token}` });
  return { ...answer, result: topLevel<MeBody>(answer) };
};

describe('service tokens and password changes', () => {
  it('kills tokens issued before a password reset; tokens issued after it work', async () => {
    const email = 'reset-me@example.test';
    const oldPassword = 'the old long passphrase';
    await createAdmins([email], oldPassword);
    const before = await login(email, oldPassword);
    expect(before.status).toBe(200);
    const oldToken = before.result.serviceToken;
    expect((await me(oldToken)).status).toBe(200);

    // The real reset flow: forgot password → mailed code → reset token → new password.
    expect((await post(server.url, '/api/admin/forgotpassword', { email }, fromNewAddress())).status).toBe(
      200,
    );
    const verified = await post<{ resetToken: string }>(
      server.url,
      '/api/admin/verifyresetcode',
      { email, otp: codeFrom(await mailbox.nextMail(email)) },
      fromNewAddress(),
    );
    expect(verified.status).toBe(200);
    const newPassword = 'a different long passphrase';
    const reset = await post(server.url, '/api/admin/resetpassword', {
      resetToken: verified.body.ResponseBody!.resetToken,
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    await mailbox.nextMail(email); // the "password changed" notice

    const stale = await me(oldToken);
    expect(stale.status).toBe(401);
    expect(stale.body.ResponseMessage).toMatch(/not valid/);

    expect((await login(email, oldPassword)).status).toBe(401);
    const after = await login(email, newPassword);
    expect(after.status).toBe(200);
    const fresh = await me(after.result.serviceToken);
    expect(fresh.status).toBe(200);
    expect(fresh.result.user.email).toBe(email);
  });
});

describe('account sign-in throttling and audit', () => {
  it('stops an address after five wrong passwords (429 with Retry-After) and audits each failure', async () => {
    const email = 'guessed@example.test';
    const password = 'the real long passphrase';
    await createAdmins([email], password);
    const address = fromNewAddress();
    const fromThere = (tried: string) =>
      post(server.url, '/api/account/login', { email, password: tried }, address);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await fromThere('not the password')).status).toBe(401);
    }
    // That address waits, even with the right password, until the wait runs out.
    for (const tried of ['not the password', password]) {
      const locked = await fromThere(tried);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const rows = await (await db()).select().from(auditLog).where(eq(auditLog.target, email));
    expect(rows.map((row) => row.action)).toEqual(Array(5).fill('account.login_failed'));
    expect(rows.every((row) => row.ip?.startsWith('198.51.100.'))).toBe(true);
  });

  it('audits a successful sign-in', async () => {
    const email = 'audited@example.test';
    await createAdmins([email], 'yet another long passphrase');
    const answer = await login(email, 'yet another long passphrase');
    expect(answer.status).toBe(200);
    const rows = await (
      await db()
    )
      .select({ action: auditLog.action, ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.adminId, answer.result.user.id));
    expect(rows).toEqual([{ action: 'account.login', ip: expect.stringMatching(/^198\.51\.100\./) }]);
  });
});
