import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGES } from '../../src/server/http/routes';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await createTestSession();
});
afterAll(() => server?.stop());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', headers });

describe('signed out', () => {
  it('shows the login page at /', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/type="password"/);
  });

  it.each([...ADMIN_PAGES])('redirects %s to /', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  });

  it('redirects unknown paths to the login page', async () => {
    expect((await get('/no/such/page')).headers.get('location')).toBe('/');
  });

  it('answers the admin API with 401 and unknown API paths with 404, in the envelope', async () => {
    const unauthorised = await get('/api/admin/getprofile');
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toMatchObject({ succeeded: false, ResponseCode: 401 });
    const missing = await get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ succeeded: false, ResponseCode: 404 });
  });
});

describe('signed in', () => {
  const withCookie = () => ({ cookie: sessionCookie(token) });

  it.each([...ADMIN_PAGES])('renders %s inside the shell', async (path) => {
    const response = await get(path, withCookie());
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = await response.text();
    expect(html).toMatch(/<nav\b/);
    expect(html).toMatch(/<main[^>]*id="main"/);
    expect(html).toMatch(/<h1\b/);
    expect(html).toContain('/api/admin/logout');
  });

  it.each(['/', '/about', '/privacy-policy', '/teams-condition', '/forgot-password', '/nowhere'])(
    'sends %s to /dashboard',
    async (path) => {
      const response = await get(path, withCookie());
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/dashboard');
    },
  );

  it('accepts the same session as a bearer token', async () => {
    expect((await get('/users', { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('treats an unknown token as signed out', async () => {
    expect((await get('/users', { cookie: sessionCookie('forged-token') })).headers.get('location')).toBe(
      '/',
    );
  });
});

describe('headers', () => {
  it('sends the security headers and a CSP that still allows the page', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('sends them on the answers the guard gives too (redirects, 401s)', async () => {
    for (const response of [await get('/users'), await get('/api/admin/getprofile')]) {
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps the hashes Astro computes for its scripts in the header', async () => {
    const token = await createTestSession();
    const csp = (await get('/dashboard', { cookie: sessionCookie(token) })).headers.get(
      'content-security-policy',
    );
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+/);
  });

  it('serves the favicon the layouts link to', async () => {
    const html = await (await get('/')).text();
    expect(html).toContain('href="/favicon.svg"');
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('serves hashed assets with long-lived caching', async () => {
    const html = await (await get('/')).text();
    const asset = /(\/_astro\/[^"]+\.css)/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await get(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });
});

describe('compression', () => {
  it('serves assets precompressed and pages compressed on the fly', async () => {
    const page = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const html = await page.text();
    const script = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1] ?? /(\/_astro\/[^"]+\.css)/.exec(html)?.[1];
    const asset = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });
});
