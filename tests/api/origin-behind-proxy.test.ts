import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../support/api';
import { rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

/**
 * Issue #24, item 8, behind a TLS proxy: PUBLIC_URL names the address admins use, and the proxy
 * reaches this server at another Host. Our origin is then PUBLIC_URL's, and only it.
 */
const PUBLIC_URL = 'https://admin.example.test';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
});
afterAll(() => server?.stop());

const signedIn = async (token: string) =>
  (await get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${token}` })).status === 200;

/** What the proxy passes on: the session cookie (`__Host-` because PUBLIC_URL is https). */
const logout = (token: string, headers: Record<string, string>) =>
  rawRequest(`${server.url}/api/admin/logout`, {
    method: 'POST',
    headers: { cookie: `__Host-${sessionCookie(token)}`, 'content-type': 'application/json', ...headers },
    body: '{}',
  });

describe('PUBLIC_URL behind a proxy', () => {
  it('accepts a browser whose Origin is PUBLIC_URL while the Host is the proxy’s upstream address', async () => {
    const token = await createTestSession();
    const answer = await logout(token, { origin: PUBLIC_URL });
    expect(answer.status).toBe(200);
    expect(await signedIn(token)).toBe(false);
  });

  it('accepts the browser’s own same-origin verdict whatever the Host', async () => {
    const token = await createTestSession();
    const answer = await logout(token, { 'sec-fetch-site': 'same-origin' });
    expect(answer.status).toBe(200);
    expect(await signedIn(token)).toBe(false);
  });

  it('refuses the plain-http twin of PUBLIC_URL and the upstream address as origins', async () => {
    const token = await createTestSession();
    for (const origin of ['http://admin.example.test', server.url, 'https://admin.example.test:8443']) {
      const answer = await logout(token, { origin });
      expect(answer.status, origin).toBe(403);
    }
    const asPublicHost = await logout(token, {
      host: 'admin.example.test',
      origin: 'http://admin.example.test',
    });
    expect(asPublicHost.status).toBe(403);
    expect(await signedIn(token)).toBe(true);
  });
});
