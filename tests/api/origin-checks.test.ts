import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../support/api';
import { rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

/**
 * Issue #24, item 8, with PUBLIC_URL unset: our origin is `http://` and the Host the browser
 * addressed (README, "Where requests may come from"). An empty Sec-Fetch-Site is a header sent
 * and saying nothing, and an Origin is ours only with our scheme, host and port.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const signedIn = async (token: string) =>
  (await get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${token}` })).status === 200;

/** A cookie logout over a raw socket, so that an empty header goes out exactly as written. */
const logout = (token: string, headers: Record<string, string>) =>
  rawRequest(`${server.url}/api/admin/logout`, {
    method: 'POST',
    headers: { cookie: sessionCookie(token), 'content-type': 'application/json', ...headers },
    body: '{}',
  });

describe('an empty Sec-Fetch-Site', () => {
  it('is present and unknown: a cookie logout with it and no Origin is refused, the session survives', async () => {
    const token = await createTestSession();
    const answer = await logout(token, { 'sec-fetch-site': '' });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.text)).toMatchObject({ succeeded: false, ResponseCode: 403 });
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(await signedIn(token)).toBe(true);
  });

  it('is refused even beside our own Origin', async () => {
    const token = await createTestSession();
    const answer = await logout(token, { 'sec-fetch-site': '', origin: server.url });
    expect(answer.status).toBe(403);
    expect(await signedIn(token)).toBe(true);
  });
});

describe('Origin without Sec-Fetch-Site', () => {
  it('refuses other schemes and ports on our host and port (scheme, host and port are compared)', async () => {
    const { host, port } = new URL(server.url);
    const token = await createTestSession();
    for (const origin of [
      `https://${host}`,
      `ftp://${host}`,
      `ws://${host}`,
      `http://${new URL(server.url).hostname}:${Number(port) + 1}`,
      `http://localhost:${port}`,
      'null',
    ]) {
      const answer = await logout(token, { origin });
      expect(answer.status, origin).toBe(403);
    }
    expect(await signedIn(token)).toBe(true);
  });

  it('accepts our own origin, and the session ends', async () => {
    const token = await createTestSession();
    const answer = await logout(token, { origin: server.url });
    expect(answer.status).toBe(200);
    expect(await signedIn(token)).toBe(false);
  });

  it('accepts the origin of the Host the browser addressed, which PUBLIC_URL (unset here) does not name', async () => {
    const token = await createTestSession();
    const { port } = new URL(server.url);
    const answer = await logout(token, { host: `admin.lan:${port}`, origin: `http://admin.lan:${port}` });
    expect(answer.status).toBe(200);
    expect(await signedIn(token)).toBe(false);
  });
});
