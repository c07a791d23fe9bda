import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });
});

describe('request bodies', () => {
  it('refuses an oversized body with 413 before reading it', async () => {
    const response = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ succeeded: false, ResponseCode: 413 });
  });

  it('refuses a body without a length with 411', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{}'));
        controller.close();
      },
    });
    const response = await fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(411);
  });
});

describe('logout and cross-site protection', () => {
  it('refuses a cross-site state change made with the session cookie', async () => {
    const token = await createTestSession();
    const response = await fetch(`${server.url}/api/admin/logout`, {
      method: 'POST',
      headers: {
        cookie: sessionCookie(token),
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ succeeded: false, ResponseCode: 403 });
    // The session survived.
    const still = await fetch(`${server.url}/dashboard`, {
      redirect: 'manual',
      headers: { cookie: sessionCookie(token) },
    });
    expect(still.status).toBe(200);
  });

  it('revokes the session on a same-origin logout (JSON client)', async () => {
    const token = await createTestSession();
    const response = await fetch(`${server.url}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ succeeded: true, ResponseCode: 200 });
    const after = await fetch(`${server.url}/dashboard`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.headers.get('location')).toBe('/');
  });

  it('answers the header form post with a redirect to / and clears the cookie', async () => {
    const token = await createTestSession();
    const response = await fetch(`${server.url}/api/admin/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: sessionCookie(token),
        origin: server.url,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toMatch(/^session=[^;]*;.*Expires=Thu, 01 Jan 1970/i);
  });
});
