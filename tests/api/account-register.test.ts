import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ALLOW_REGISTRATION: 'true' });
});
afterAll(() => server?.stop());

const newcomer = {
  id: 'abc',
  email: 'New@Example.test',
  password: 'a long unusual passphrase',
  firstName: 'New',
  lastName: 'Admin',
};

describe('/api/account/register when open', () => {
  it('creates the account once, then refuses the same email with 409', async () => {
    const created = await post<{ user: { email: string } }>(server.url, '/api/account/register', newcomer);
    expect(created.status).toBe(200);
    expect(created.body.ResponseBody!.user.email).toBe('new@example.test');
    const again = await post(server.url, '/api/account/register', newcomer);
    expect(again.status).toBe(409);
    expect(again.body.errors).toHaveProperty('email');
    const existing = await post(server.url, '/api/account/register', {
      ...newcomer,
      email: TEST_ADMIN.email,
    });
    expect(existing.status).toBe(409);
  });

  it('names bad fields and refuses guessable passwords', async () => {
    const bad = await post(server.url, '/api/account/register', { email: 'x', password: 'short' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    const weak = await post(server.url, '/api/account/register', {
      ...newcomer,
      email: 'weak@example.test',
      password: 'password1',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toHaveProperty('password');
  });
});
