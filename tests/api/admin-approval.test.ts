import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins, apiKeys, auditLog, sessions } from '../../src/server/db/schema';
import { PENDING_API, PUBLIC_ADMIN_API } from '../../src/server/http/routes';
import { signInThroughApi } from '../support/admin-invites';
import { adminWithRole } from '../support/admins';
import { fromNewAddress, get, post } from '../support/api';
import { countAudit } from '../support/audit';
import { codeFrom, linkFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { apiRouteFiles } from '../support/routes';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Issue #38, item 1: a stranger who registered was an Administrator at once. Now a registered
 * account signs in to a page that says it waits, every admin API refuses it with that reason, and
 * only an Owner approves it (with a role) or rejects it.
 */

const PUBLIC_URL = 'https://admin.example.test';
const PASSWORD = 'a long unusual passphrase';
const WAITING = "Your account waits for an Owner's approval: until then it can do nothing here.";
let server: TestServer;
let mailbox: Mailbox;
let owner: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    ALLOW_REGISTRATION: 'true',
    ACCOUNT_API: 'true',
    SMTP_URL: mailbox.url,
    PUBLIC_URL,
    TRUSTED_PROXIES: '127.0.0.1',
  });
  owner = await createTestSession();
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers `email` through the API (its mails taken) and returns the pending admin's id. */
async function registered(email: string): Promise<number> {
  const answer = await post(
    server.url,
    '/api/account/register',
    { email, password: PASSWORD, firstName: 'Pat', lastName: 'Pending' },
    fromNewAddress(),
  );
  expect(answer.status).toBe(200);
  await mailbox.nextMail(email);
  await mailbox.nextMail(TEST_ADMIN.email);
  const [row] = await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  return row!.id;
}

/** Registers `email` and signs in as them for real (password, then the mailed code). */
async function signedInPending(email: string): Promise<{ id: number; token: string }> {
  const id = await registered(email);
  const { token, refused } = await signInThroughApi(server.url, mailbox, email, PASSWORD);
  expect(refused?.body ?? null).toBeNull();
  return { id, token: token! };
}

const approve = (token: string, id: number, role: string) =>
  post(server.url, '/api/admin/approveadmin', { id, role }, bearer(token));
const reject = (token: string, id: number) =>
  post(server.url, '/api/admin/rejectadmin', { id }, bearer(token));
const statuses = (answers: { status: number }[]) => answers.map((answer) => answer.status).sort();

async function call(token: string, path: string, method: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, message: text.startsWith('{') ? JSON.parse(text).ResponseMessage : '' };
}

describe('a registered admin waiting for approval', () => {
  it('signs in, and every admin API but logout, getprofile and updatelanguage answers 403 saying why', async () => {
    const { token } = await signedInPending('sweep@example.test');
    // Whatever the role column says: a pending admin holds nothing until approved.
    await (await db()).update(admins).set({ role: 'owner' }).where(eq(admins.email, 'sweep@example.test'));
    const wrong: string[] = [];
    const routes = apiRouteFiles().filter(
      (route) => !PUBLIC_ADMIN_API.has(route.path) && !PENDING_API.has(route.path),
    );
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/api/admin/changeadminstatus',
        '/api/admin/addapikey',
        '/api/admin/exportusers',
      ]),
    );
    for (const route of routes) {
      for (const method of route.methods) {
        const answer = await call(token, route.path, method);
        if (answer.status !== 403 || answer.message !== WAITING) {
          wrong.push(`${method} ${route.path}: ${answer.status} ${answer.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect((await call(token, '/images/' + '0'.repeat(64) + '.webp', 'GET')).status).toBe(403);
    const profile = await get<{ email: string }>(server.url, '/api/admin/getprofile', bearer(token));
    expect(profile.body.ResponseBody?.email).toBe('sweep@example.test');

    // What the stranger of the issue did, with real bodies: nothing of it happens.
    const victim = await adminWithRole('administrator', 'Victim');
    const disable = await post(
      server.url,
      '/api/admin/changeadminstatus',
      { id: victim.id, status: 'disabled' },
      bearer(token),
    );
    const key = await post(server.url, '/api/admin/addapikey', { name: 'all of it' }, bearer(token));
    expect([disable.status, key.status]).toEqual([403, 403]);
    const [still] = await (await db()).select().from(admins).where(eq(admins.id, victim.id));
    expect(still!.status).toBe('active');
    expect(await (await db()).select().from(apiKeys)).toEqual([]);
  });

  it('sees the waiting page for every signed-in page, and is refused a service token', async () => {
    const { token } = await signedInPending('pages@example.test');
    for (const page of ['/dashboard', '/users', '/account-setting?tab=admins', '/profile', '/forbidden']) {
      const response = await fetch(`${server.url}${page}`, { headers: bearer(token), redirect: 'manual' });
      expect(`${page} ${response.status} ${response.headers.get('location')}`).toBe(
        `${page} 302 /awaiting-approval`,
      );
    }
    const waiting = await fetch(`${server.url}/awaiting-approval`, { headers: bearer(token) });
    expect(waiting.status).toBe(200);
    const html = await waiting.text();
    expect(html).toContain('Waiting for approval');
    expect(html).toContain('action="/api/admin/logout"');
    expect(html).not.toContain('app-menu');
    // Anyone else asking for it goes home.
    const active = await fetch(`${server.url}/awaiting-approval`, {
      headers: bearer(owner),
      redirect: 'manual',
    });
    expect(active.headers.get('location')).toBe('/dashboard');

    const account = await post(server.url, '/api/account/login', {
      email: 'pages@example.test',
      password: PASSWORD,
    });
    expect(account.status).toBe(403);
    expect(account.body.ResponseMessage).toBe(WAITING);
    expect(account.body).not.toHaveProperty('serviceToken');
  });

  it('may reset a forgotten password, and still waits', async () => {
    await registered('forgot@example.test');
    const address = fromNewAddress();
    const asked = await post(
      server.url,
      '/api/admin/forgotpassword',
      { email: 'forgot@example.test' },
      address,
    );
    expect(asked.status).toBe(200);
    const otp = codeFrom(await mailbox.nextMail('forgot@example.test'));
    const verified = await post<{ resetToken: string }>(
      server.url,
      '/api/admin/verifyresetcode',
      { email: 'forgot@example.test', otp },
      address,
    );
    const resetToken = verified.body.ResponseBody!.resetToken;
    const password = 'another long unusual phrase';
    const reset = await post(server.url, '/api/admin/resetpassword', { resetToken, password }, address);
    expect(reset.status).toBe(200);
    await mailbox.nextMail('forgot@example.test');
    const { token } = await signInThroughApi(server.url, mailbox, 'forgot@example.test', password);
    expect((await call(token!, '/api/admin/getusers', 'GET')).message).toBe(WAITING);
  });

  it('is not made active, nor given a role, except by an approval', async () => {
    const id = await registered('sideways@example.test');
    const disable = await post(
      server.url,
      '/api/admin/changeadminstatus',
      { id, status: 'disabled' },
      bearer(owner),
    );
    expect(disable.status).toBe(409);
    expect(disable.body.errors).toHaveProperty('status');
    const role = await post(
      server.url,
      '/api/admin/changeadminrole',
      { id, role: 'administrator' },
      bearer(owner),
    );
    expect(role.status).toBe(409);
    const [row] = await (await db()).select().from(admins).where(eq(admins.id, id));
    expect(row).toMatchObject({ status: 'pending', role: 'readonly' });
  });
});

describe('approveadmin and rejectadmin', () => {
  it('are for Owners only, name an unknown role or account, and refuse an account not waiting', async () => {
    const id = await registered('rules@example.test');
    const administrator = await adminWithRole('administrator', 'Almost');
    for (const answer of [
      await approve(administrator.token, id, 'support'),
      await reject(administrator.token, id),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body.ResponseMessage).toBe('Only an Owner can approve or reject a registration.');
    }
    const readonly = await adminWithRole('readonly', 'Reader');
    expect((await approve(readonly.token, id, 'support')).status).toBe(403);

    const unknown = await approve(owner, id, 'no-such-role');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('role');
    expect((await approve(owner, 2_000_000_000, 'support')).status).toBe(404);
    expect((await reject(owner, 2_000_000_000)).status).toBe(404);
    const notWaiting = await approve(owner, administrator.id, 'support');
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.body.errors).toHaveProperty('id');
    expect((await reject(owner, administrator.id)).status).toBe(409);

    const [row] = await (await db()).select().from(admins).where(eq(admins.id, id));
    expect(row).toMatchObject({ status: 'pending', role: 'readonly' });
  });

  it('approve: the role applies on the next request, it is audited and mailed; twice at once, one wins', async () => {
    const { id, token } = await signedInPending('approved@example.test');
    expect((await get(server.url, '/api/admin/getsupport', bearer(token))).status).toBe(403);

    const answers = await Promise.all([approve(owner, id, 'support'), approve(owner, id, 'administrator')]);
    expect(statuses(answers)).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200)!;
    const role = (won.body.ResponseBody as { role: string }).role;
    expect(won.body.ResponseBody).toMatchObject({ id, status: 'active' });
    const [row] = await (await db()).select().from(admins).where(eq(admins.id, id));
    expect(row).toMatchObject({ status: 'active', role });

    // The same session, next request: the role's access and no more.
    expect((await get(server.url, '/api/admin/getsupport', bearer(token))).status).toBe(200);
    const roles = await get(server.url, '/api/admin/getroles', bearer(token));
    expect(roles.status).toBe(role === 'administrator' ? 200 : 403);
    const page = await fetch(`${server.url}/awaiting-approval`, {
      headers: bearer(token),
      redirect: 'manual',
    });
    expect(page.headers.get('location')).toBe('/dashboard');

    expect(await countAudit('admins.approve', `admins:${id}`)).toBe(1);
    const mail = await mailbox.nextMail('approved@example.test');
    expect(mail.subject).toBe('Your Puzzle Admin account is approved');
    expect(mail.text).toContain(role === 'support' ? 'Support agent' : 'Administrator');
    expect(linkFrom(mail)).toBe(`${PUBLIC_URL}/`);
  });

  it('reject: the account and its sessions are gone, audited; twice at once, one wins', async () => {
    const { id, token } = await signedInPending('rejected@example.test');
    const answers = await Promise.all([reject(owner, id), reject(owner, id)]);
    expect(statuses(answers)).toEqual([200, 404]);
    expect(await (await db()).select().from(admins).where(eq(admins.id, id))).toEqual([]);
    expect(await (await db()).select().from(sessions).where(eq(sessions.adminId, id))).toEqual([]);
    expect((await get(server.url, '/api/admin/getprofile', bearer(token))).status).toBe(401);
    const [entry] = await (await db()).select().from(auditLog).where(eq(auditLog.action, 'admins.reject'));
    expect(entry).toMatchObject({
      target: `admins:${id}`,
      detail: JSON.stringify({ email: 'rejected@example.test' }),
    });
  });

  it('the Administrators list shows a waiting account with its status and no permission', async () => {
    const id = await registered('listed@example.test');
    const list = await get(server.url, '/api/admin/getadmins?search=listed%40example.test', bearer(owner));
    const { list: rows } = list.body.ResponseData as { list: { id: number; status: string }[] };
    expect(rows).toEqual([expect.objectContaining({ id, status: 'pending', permissions: [] })]);
  });
});
