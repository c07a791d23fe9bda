import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { createTestSession } from '../../../tests/support/session';
import { TEST_ADMIN } from '../../../tests/support/test-admin';
import { contextFor, nextAnswering } from './fake-context';
import { withSession } from './session';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let token: string;
beforeAll(async () => {
  database = await openTestDatabase();
  token = await createTestSession();
});
afterAll(() => database?.close());

const BASE = 'http://127.0.0.1:4321';

describe('withSession', () => {
  it('finds the admin of the session named by the cookie or a bearer token', async () => {
    for (const init of [{ cookies: { session: token } }, { headers: { authorization: `Bearer ${token}` } }]) {
      const context = contextFor(`${BASE}/users`, init);
      await withSession(context, nextAnswering());
      expect(context.locals.admin?.email).toBe(TEST_ADMIN.email);
      expect(context.locals.sessionToken).toBe(token);
    }
  });

  it('signs nobody in with an unknown token, nor on the APIs with credentials of their own', async () => {
    const unknown = contextFor(`${BASE}/users`, { cookies: { session: 'not-a-session' } });
    await withSession(unknown, nextAnswering());
    expect(unknown.locals.admin).toBeNull();
    expect(unknown.locals.sessionToken).toBeNull();
    const app = contextFor(`${BASE}/api/app/users`, { headers: { authorization: `Bearer ${token}` } });
    await withSession(app, nextAnswering());
    expect(app.locals.admin).toBeNull();
  });
});
