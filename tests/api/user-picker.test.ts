import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithRole } from '../support/admins';
import { get } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

/**
 * Issue #38, item 14: the recipient picker (`admin/get-users`) is open to roles that may send
 * notifications or see game history without seeing the users list; they get names, never emails.
 */
let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
  await insertUsers([
    { firstName: 'Pickme', lastName: 'One', email: 'secret.one@picker.test' },
    { firstName: 'Pickme', lastName: 'Two', email: 'secret.two@picker.test' },
  ]);
});
afterAll(() => server?.stop());

type Pick = { id: number; name: string; email?: string };
async function picks(token: string, search: string): Promise<Pick[]> {
  const answer = await get<unknown>(
    server.url,
    `/api/admin/admin/get-users?search=${encodeURIComponent(search)}`,
    {
      cookie: `session=${token}`,
    },
  );
  expect(answer.status).toBe(200);
  return (answer.body.ResponseData as { list: Pick[] }).list;
}

describe('admin/get-users', () => {
  it('names users with their emails for an admin who may see the users list', async () => {
    expect(await picks(owner, 'pickme')).toEqual([
      { id: expect.any(Number), name: 'Pickme One', email: 'secret.one@picker.test' },
      { id: expect.any(Number), name: 'Pickme Two', email: 'secret.two@picker.test' },
    ]);
    expect(await picks(owner, 'secret.two@')).toHaveLength(1);
  });

  it('answers names only to Live-ops (no users.view), and does not match them by email', async () => {
    const { token } = await adminWithRole('liveops', 'Liv');
    const found = await picks(token, 'pickme');
    expect(found.map((pick) => pick.name)).toEqual(['Pickme One', 'Pickme Two']);
    for (const pick of found) expect(Object.keys(pick).sort()).toEqual(['id', 'name']);
    expect(JSON.stringify(found)).not.toContain('@');
    // Typing an address must not tell whose it is.
    expect(await picks(token, 'secret.one@picker.test')).toEqual([]);
    expect(await picks(token, 'Pickme T')).toEqual([{ id: expect.any(Number), name: 'Pickme Two' }]);
  });
});
