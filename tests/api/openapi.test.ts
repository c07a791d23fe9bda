import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** Issue #39: the product's document is public; the back-office's is for signed-in admins. */
describe('the OpenAPI documents over HTTP', () => {
  it('serves the product API to anyone (calling it still needs a key)', async () => {
    const answer = await fetch(`${server.url}/api/app/openapi.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/app/users');
    expect((await fetch(`${server.url}/api/app/puzzles`)).status).toBe(401);
  });

  it('serves the back-office API only with a session', async () => {
    expect((await fetch(`${server.url}/api/admin/openapi.json`)).status).toBe(401);
    const cookie = sessionCookie(await createTestSession());
    const answer = await fetch(`${server.url}/api/admin/openapi.json`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/admin/login', '/api/admin/getusers', '/api/account/login']),
    );
  });
});
