import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecret } from '../../src/server/auth/server-secret';
import { fromNewAddress, get, post } from '../support/api';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(() => server?.stop());

type LoginBody = { serviceToken: string; user: { id: number; email: string } };

describe('/api/account', () => {
  it('signs in with a password and returns a JWT with an expiry that /me accepts', async () => {
    const login = await post<LoginBody>(server.url, '/api/account/login', TEST_ADMIN, fromNewAddress());
    expect(login.status).toBe(200);
    const { serviceToken, user } = login.body.ResponseBody!;
    expect(user.email).toBe(TEST_ADMIN.email);
    const payload = JSON.parse(Buffer.from(serviceToken.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    expect(payload.exp * 1000).toBeGreaterThan(Date.now());

    const me = await get<{ user: { email: string } }>(server.url, '/api/account/me', {
      authorization: `Bearer ${serviceToken}`,
    });
    expect(me.status).toBe(200);
    expect(me.body.ResponseBody!.user.email).toBe(TEST_ADMIN.email);

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
