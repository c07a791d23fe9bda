import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { fromNewAddress, get, post } from '../support/api';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';
import { insertUsers } from '../support/users';

/**
 * Issue #10, items 6 and 7: the session token never reaches a page script, and a cookie that
 * comes without any word of where the request came from changes nothing.
 */
let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, TRUSTED_PROXIES: '127.0.0.1' });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

/** A POST exactly as given: no helper adds any header. */
const rawPost = (path: string, headers: Record<string, string>, body = '{}') =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

const signedIn = async (token: string) =>
  (await get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${token}` })).status === 200;

const statusOf = async (id: number) =>
  (await (await db()).select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status;

describe('a cookie with no origin headers (item 7)', () => {
  it('refuses a cookie logout that names no origin, and the session survives', async () => {
    const token = await createTestSession();
    const response = await rawPost('/api/admin/logout', { cookie: sessionCookie(token) });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ succeeded: false, ResponseCode: 403 });
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await signedIn(token)).toBe(true);
  });

  it('refuses a cookie changestatus that names no origin, and changes nothing', async () => {
    const [id] = await insertUsers([{}]);
    const token = await createTestSession();
    const body = JSON.stringify({ id, status: 'blocked' });
    const refused = await rawPost('/api/admin/changestatus', { cookie: sessionCookie(token) }, body);
    expect(refused.status).toBe(403);
    expect(await statusOf(id!)).toBe('active');
    // A form post is refused the same way: the rule is the middleware's, for every route.
    const form = await fetch(`${server.url}/api/admin/changestatus`, {
      method: 'POST',
      headers: { cookie: sessionCookie(token), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(form.status).toBe(403);
    // Methods no route takes are refused before any of that (tests/api/early-answers.test.ts).
    const put = await fetch(`${server.url}/api/admin/changestatus`, {
      method: 'PUT',
      headers: { cookie: sessionCookie(token), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(put.status).toBe(405);
    expect(await statusOf(id!)).toBe('active');
  });

  it('accepts the same cookie requests when the browser says same-origin (Sec-Fetch-Site or Origin)', async () => {
    const [id] = await insertUsers([{}]);
    const token = await createTestSession();
    const body = JSON.stringify({ id, status: 'blocked' });
    const changed = await rawPost(
      '/api/admin/changestatus',
      { cookie: sessionCookie(token), 'sec-fetch-site': 'same-origin' },
      body,
    );
    expect(changed.status).toBe(200);
    expect(await statusOf(id!)).toBe('blocked');
    // An older browser without Sec-Fetch-Site still sends Origin.
    const back = await rawPost(
      '/api/admin/changestatus',
      { cookie: sessionCookie(token), origin: server.url },
      JSON.stringify({ id, status: 'active' }),
    );
    expect(back.status).toBe(200);
    expect(await statusOf(id!)).toBe('active');
    const logout = await rawPost('/api/admin/logout', {
      cookie: sessionCookie(token),
      'sec-fetch-site': 'same-origin',
    });
    expect(logout.status).toBe(200);
    expect(await signedIn(token)).toBe(false);
  });

  it('accepts bearer requests with no origin headers, even with a cookie beside them', async () => {
    const [id] = await insertUsers([{}]);
    const token = await createTestSession();
    const other = await createTestSession();
    const changed = await rawPost(
      '/api/admin/changestatus',
      { authorization: `Bearer ${token}`, cookie: sessionCookie(other) },
      JSON.stringify({ id, status: 'blocked' }),
    );
    expect(changed.status).toBe(200);
    expect(await statusOf(id!)).toBe('blocked');
    const logout = await rawPost('/api/admin/logout', { authorization: `Bearer ${token}` });
    expect(logout.status).toBe(200);
    expect(await signedIn(token)).toBe(false);
    expect(await signedIn(other)).toBe(true);
  });

  it('lets a client with no session cookie use the public sign-in API without origin headers', async () => {
    const login = await rawPost(
      '/api/admin/login',
      fromNewAddress(),
      JSON.stringify({ email: TEST_ADMIN.email, password: 'wrong password' }),
    );
    expect(login.status).toBe(401);
  });
});

type Signed = { token?: string; adminData: { email: string } };

async function codeStep(headers: Record<string, string>) {
  const address = fromNewAddress();
  const login = await post<{ otpToken: string }>(server.url, '/api/admin/login', TEST_ADMIN, address);
  expect(login.status).toBe(200);
  const otp = codeFrom(await mailbox.nextMail(TEST_ADMIN.email));
  const response = await rawPost(
    '/api/admin/verifyotp',
    { ...address, ...headers },
    JSON.stringify({ otpToken: login.body.ResponseBody!.otpToken, otp }),
  );
  const text = await response.text();
  return { response, text, body: JSON.parse(text) as { ResponseBody?: Signed } };
}

const cookieValue = (response: Response) =>
  /^session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? null;

describe('where the session token goes (item 6)', () => {
  it('sets only the HttpOnly cookie when the client does not ask for a bearer token', async () => {
    const { response, text, body } = await codeStep({});
    expect(response.status).toBe(200);
    expect(body.ResponseBody?.adminData.email).toBe(TEST_ADMIN.email);
    expect(body.ResponseBody).not.toHaveProperty('token');
    const value = cookieValue(response);
    expect(value).toMatch(/^[\w-]{43}$/);
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    // Not the token, nor any piece of it long enough to matter.
    for (let start = 0; start + 8 <= value!.length; start++) {
      expect(text).not.toContain(value!.slice(start, start + 8));
    }
    expect(await signedIn(value!)).toBe(true);
  });

  it('hands the token to an API client that asks with X-Session-Delivery: bearer', async () => {
    const { response, body } = await codeStep({ 'x-session-delivery': 'bearer' });
    expect(response.status).toBe(200);
    const token = body.ResponseBody?.token;
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await signedIn(token!)).toBe(true);
    const logout = await rawPost('/api/admin/logout', { authorization: `Bearer ${token}` });
    expect(logout.status).toBe(200);
    expect(await signedIn(token!)).toBe(false);
  });

  it('never hands it to a page script, which can ask but is seen as a browser request', async () => {
    const browsers: Record<string, string>[] = [{ 'sec-fetch-site': 'same-origin' }, { origin: server.url }];
    for (const browser of browsers) {
      const { response, body } = await codeStep({ 'x-session-delivery': 'bearer', ...browser });
      expect(body.ResponseBody?.token).toBeUndefined();
      // Refused outright, before the code is looked at: no session starts.
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });
});
