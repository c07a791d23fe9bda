import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

/** Issue #28: the product API keys' scopes, from the same vocabulary as the admins' permissions. */
let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
});
afterAll(() => server?.stop());

const as = (token: string) => ({ cookie: sessionCookie(token), 'sec-fetch-site': 'same-origin' });

describe('product API key scopes', () => {
  it('let a key call only what it was given; a key made without scopes calls everything, as before', async () => {
    const scoped = await post<{ key: string; scopes: string[] }>(
      server.url,
      '/api/admin/addapikey',
      { name: 'Games only', scopes: ['games.write'] },
      as(owner),
    );
    expect(scoped.status).toBe(200);
    const key = (scoped.body.ResponseBody as { key: string }).key;
    const bearer = { authorization: `Bearer ${key}` };
    const users = await post(server.url, '/api/app/users', { users: [] }, bearer);
    expect(users.status).toBe(403);
    expect(users.body.ResponseBody).toEqual({ scope: 'users.write' });
    const games = await post(server.url, '/api/app/games', {}, bearer);
    expect(games.status).toBe(400);
    const plain = await post<{ scopes: string[] }>(
      server.url,
      '/api/admin/addapikey',
      { name: 'Everything' },
      as(owner),
    );
    expect((plain.body.ResponseBody as { scopes: string[] }).scopes).toHaveLength(6);
    const none = await post(server.url, '/api/admin/addapikey', { name: 'Nothing', scopes: [] }, as(owner));
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty('scopes');
  });
});
