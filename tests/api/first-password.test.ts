import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { fromNewAddress, get, post } from '../support/api';
import { signInThroughApi } from '../support/admin-invites';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  // As deployed: ADMIN_EMAIL / ADMIN_PASSWORD made the first admin, who has not signed in yet.
  server = await startTestServer(
    { SMTP_URL: mailbox.url, TRUSTED_PROXIES: '127.0.0.1', ACCOUNT_API: 'true' },
    { firstPassword: true },
  );
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const flag = async () =>
  (await (await db()).select().from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0]!.mustChangePassword;
const page = (path: string, token: string) =>
  fetch(`${server.url}${path}`, { headers: { cookie: `session=${token}` }, redirect: 'manual' });

describe('the first-start password', () => {
  it('opens no account-API token', async () => {
    const answer = await post(server.url, '/api/account/login', TEST_ADMIN, fromNewAddress());
    expect(answer.status).toBe(403);
    expect(answer.body.ResponseMessage).toMatch(/Choose your own password first/);
  });

  it('signs in once, to the password form and nothing else, until the admin chooses their own', async () => {
    expect(await flag()).toBe(true);
    const { token } = await signInThroughApi(server.url, mailbox, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(token).toBeTruthy();
    const bearer = { authorization: `Bearer ${token}` };

    const users = await get(server.url, '/api/admin/getusers', bearer);
    expect(users.status).toBe(403);
    expect(users.body.ResponseMessage).toMatch(/Choose your own password first/);
    expect((await get(server.url, '/api/admin/getprofile', bearer)).status).toBe(200);
    for (const path of ['/dashboard', '/users', '/account-setting?tab=keys', '/no-such-page']) {
      const answer = await page(path, token!);
      expect(answer.status, path).toBe(302);
      // Unknown paths go to the dashboard first, which sends them on.
      expect(['/account-setting?tab=password', '/dashboard'], path).toContain(answer.headers.get('location'));
    }
    const form = await page('/account-setting', token!);
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('Choose your own password to continue.');

    const changed = await post(
      server.url,
      '/api/admin/changepassword',
      { current_password: TEST_ADMIN.password, new_password: 'a passphrase of my very own' },
      bearer,
    );
    expect(changed.status).toBe(200);
    expect(await flag()).toBe(false);
    expect((await get(server.url, '/api/admin/getusers', bearer)).status).toBe(200);
    expect((await page('/dashboard', token!)).status).toBe(200);

    // The printed password has done its one job.
    const again = await post(server.url, '/api/admin/login', TEST_ADMIN, fromNewAddress());
    expect(again.status).toBe(401);
  });
});
