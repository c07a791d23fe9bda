import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../src/shared/users/user-input';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { baseSecurityHeaders } from '../../src/server/http/security-headers';
import { fromNewAddress, post } from '../support/api';
import { createAdmins } from '../support/admins';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';
import { png, postForm } from '../support/users';

/** Issue #24, item 10: a revived admin's old tokens, first-start sessions and images, logout, static headers. */
let server: TestServer;
let owner: string;
const PASSWORD = 'a long enough passphrase for tests';

beforeAll(async () => {
  server = await startTestServer({ ACCOUNT_API: 'true', TRUSTED_PROXIES: '127.0.0.1' });
  owner = await createTestSession();
});
afterAll(() => server?.stop());

const adminId = async (email: string) =>
  (await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.email, email)))[0]!.id;

/** The account-API token, wherever the answer's shape puts it (top level, as the seed's client reads it, or in ResponseBody). */
async function accountToken(email: string): Promise<string> {
  const login = await post(server.url, '/api/account/login', { email, password: PASSWORD }, fromNewAddress());
  expect(login.status).toBe(200);
  const body = login.body as { serviceToken?: string; ResponseBody?: { serviceToken?: string } };
  const token = body.serviceToken ?? body.ResponseBody?.serviceToken;
  expect(token).toBeTruthy();
  return token!;
}
const me = async (token: string) =>
  (await fetch(`${server.url}/api/account/me`, { headers: { authorization: `Bearer ${token}` } })).status;
const setStatus = (id: number, status: 'active' | 'disabled') =>
  post(server.url, '/api/admin/changeadminstatus', { id, status }, { cookie: sessionCookie(owner) });

describe('account-API tokens of a disabled admin', () => {
  it('stay dead after the admin is enabled again; a new sign-in gets a working one', async () => {
    const email = 'revived@example.test';
    await createAdmins([email], PASSWORD);
    const id = await adminId(email);
    const old = await accountToken(email);
    expect(await me(old)).toBe(200);
    expect((await setStatus(id, 'disabled')).status).toBe(200);
    expect(await me(old)).toBe(401);
    expect((await setStatus(id, 'active')).status).toBe(200);
    expect(await me(old)).toBe(401);
    expect(await me(await accountToken(email))).toBe(200);
  });

  it('are not touched by enabling an admin who was never disabled, nor by another admin’s disabling', async () => {
    const [kept, other] = ['kept@example.test', 'other@example.test'];
    await createAdmins([kept, other], PASSWORD);
    const token = await accountToken(kept);
    expect((await setStatus(await adminId(kept), 'active')).status).toBe(200);
    expect((await setStatus(await adminId(other), 'disabled')).status).toBe(200);
    expect(await me(token)).toBe(200);
  });
});

describe('stored images and the first-start password', () => {
  it('are refused to a session still on its first-start password, cookie or bearer', async () => {
    const added = await postForm<UserRow>(
      server.url,
      '/api/admin/adduser',
      { first_name: 'Pic', last_name: 'Ture', email: 'picture@example.test' },
      owner,
      { name: 'a.png', type: 'image/png', bytes: await png(32, 32) },
    );
    expect(added.status).toBe(200);
    const url = `${server.url}${added.body.ResponseBody!.profile!}`;
    expect((await fetch(url, { headers: { cookie: sessionCookie(owner) } })).status).toBe(200);

    const email = 'first-start@example.test';
    await createAdmins([email], PASSWORD);
    await (await db()).update(admins).set({ mustChangePassword: true }).where(eq(admins.email, email));
    const token = await createTestSession(email);
    const both: Record<string, string>[] = [
      { cookie: sessionCookie(token) },
      { authorization: `Bearer ${token}` },
    ];
    for (const headers of both) {
      const answer = await fetch(url, { headers });
      expect(answer.status).toBe(403);
      expect(answer.headers.get('content-type') ?? '').not.toMatch(/image/);
      expect((await answer.arrayBuffer()).byteLength).toBe(0);
    }
  });
});

describe('logout', () => {
  it('asks the browser to drop its cache too (photos are cached for a year), with cookies and storage', async () => {
    const token = await createTestSession();
    const answer = await post(server.url, '/api/admin/logout', {}, { cookie: sessionCookie(token) });
    expect(answer.status).toBe(200);
    const kinds = (answer.headers.get('clear-site-data') ?? '').split(',').map((kind) => kind.trim());
    expect(kinds.sort()).toEqual(['"cache"', '"cookies"', '"storage"']);
  });
});

describe('security headers outside the pages', () => {
  const expectSecurityHeaders = (answer: RawAnswer, what: string) => {
    for (const [name, value] of Object.entries(baseSecurityHeaders(false))) {
      expect(answer.headers[name], `${what}: ${name}`).toBe(value);
    }
    expect(answer.headers['content-security-policy'], what).toMatch(/default-src 'none'.*sandbox/);
  };

  it('are sent with static files: hashed assets, their revalidation, and the favicon', async () => {
    const html = (await rawRequest(`${server.url}/`)).text;
    const assets = [...html.matchAll(/(\/_astro\/[^"]+\.(?:css|js))"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of [...new Set(assets)].slice(0, 3)) {
      const answer = await rawRequest(`${server.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect(answer.status, asset).toBe(200);
      expect(answer.headers['cache-control']).toContain('immutable');
      expectSecurityHeaders(answer, asset);
      const again = await rawRequest(`${server.url}${asset}`, {
        headers: { 'accept-encoding': 'br', 'if-none-match': String(answer.headers.etag) },
      });
      expect(again.status, asset).toBe(304);
      expectSecurityHeaders(again, `${asset} (304)`);
    }
    const icon = await rawRequest(`${server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expectSecurityHeaders(icon, '/favicon.svg');
  });

  it('are sent with the duplicate-slash redirect, which Astro answers before any middleware', async () => {
    for (const path of ['/users//', '/dashboard//?tab=x']) {
      const answer = await rawRequest(`${server.url}${path}`);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.location, path).toMatch(/^\/(users|dashboard)\/(\?tab=x)?$/);
      expectSecurityHeaders(answer, path);
    }
  });
});
