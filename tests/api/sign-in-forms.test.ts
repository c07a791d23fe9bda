import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { db } from '../../src/server/db/client';
import { admins, otpChallenges } from '../../src/server/db/schema';
import { createAdmins } from '../support/admins';
import { post } from '../support/api';
import { boxes, expectPendingFlags, FormBrowser, liveFlags, wrongCode } from '../support/form-browser';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

/**
 * The signed-out pages' own form posts, as a browser without script sends them
 * (application/x-www-form-urlencoded, Origin and Sec-Fetch-Site), and the pending sign-in cookie
 * that carries a sign-in from page to page. PUBLIC_URL is https, so every cookie is `__Host-`.
 */
let server: TestServer;
let mailbox: Mailbox;
const PASSWORD = TEST_ADMIN.password;
const ADMINS = { code: 'forms-code@example.test', api: 'forms-api@example.test' };

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    SMTP_URL: mailbox.url,
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL: 'https://admin.example.test',
  });
  await createAdmins(Object.values(ADMINS), PASSWORD);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

/** A browser on the test server, addressing it by its PUBLIC_URL's origin. */
class Browser extends FormBrowser {
  constructor() {
    super(server.url, 'https://admin.example.test');
  }
}

async function signInStep(browser: Browser, email: string) {
  const answer = await browser.post('/', { email, password: PASSWORD });
  expect(answer.status).toBe(303);
  return codeFrom(await mailbox.nextMail(email));
}

describe('the sign-in form without script', () => {
  it('renders a posting form with named fields, never cached', async () => {
    const page = await new Browser().get('/');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<form[^>]*method="post"/);
    expect(page.html).toMatch(/name="email"/);
    expect(page.html).toMatch(/name="password"/);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a wrong password with 401 on the page, keeping the address but never the password', async () => {
    const browser = new Browser();
    const answer = await browser.post('/', { email: TEST_ADMIN.email, password: 'not the password at all' });
    expect(answer.status).toBe(401);
    expect(answer.html).toContain('The email or password is incorrect.');
    expect(answer.html).toMatch(/<input[^>]*value="owner@example.test"/);
    expect(answer.html).not.toContain('not the password at all');
    expect(answer.set.size).toBe(0);
  });

  it('names each bad field (400), tied to its input for assistive technology', async () => {
    const answer = await new Browser().post('/', { email: 'not-an-email', password: '' });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('Enter a valid email address.');
    expect(answer.html).toContain('This field is required.');
    expect(answer.html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="login-email-error"/);
    expect(answer.html).toMatch(/id="login-email-error"/);
    expect(answer.html).toMatch(/value="not-an-email"/);
  });

  it('moves on with 303 and an HttpOnly pending sign-in cookie naming the challenge', async () => {
    const browser = new Browser();
    const answer = await browser.post('/', { email: ADMINS.code, password: PASSWORD });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/code-verification');
    const pending = answer.set.get('__Host-pending-sign-in');
    expectPendingFlags(pending, 600);
    const [challenge] = await (
      await db()
    )
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(pending!.value)));
    expect(challenge?.purpose).toBe('login');
    const code = codeFrom(await mailbox.nextMail(ADMINS.code));

    // The code page knows the sign-in from the cookie alone: masked address and expiry, server-side.
    const page = await browser.get('/code-verification');
    expect(page.status).toBe(200);
    expect(page.html).toContain('We sent a 6-digit code to f•••@example.test.');
    expect(page.html).toMatch(/The code expires at [^<]+\./);
    expect(page.html.match(/name="otp"/g)).toHaveLength(6);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).not.toContain(pending!.value);

    const wrong = await browser.post('/code-verification', { otp: boxes(wrongCode(code)) });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('Wrong code. Tries left: 4.');
    expect(wrong.html).toMatch(/aria-describedby="otp-error"/);

    const right = await browser.post('/code-verification', { otp: boxes(code) });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/dashboard');
    expect(liveFlags(right.set.get('__Host-session'))).toContain('httponly');
    expect(browser.jar.has('__Host-pending-sign-in')).toBe(false);
    expect((await browser.get('/dashboard')).status).toBe(200);
  });

  it('joins a whole code typed into one box, and sets the saved language at sign-in', async () => {
    const browser = new Browser();
    await (await db()).update(admins).set({ locale: 'fr' }).where(eq(admins.email, ADMINS.api));
    const code = await signInStep(browser, ADMINS.api);
    const right = await browser.post('/code-verification', { otp: [code, '', '', '', '', ''] });
    expect(right.status).toBe(303);
    expect(right.set.get('locale')?.value).toBe('fr');
  });

  it('shows the restart state for a used or expired pending sign-in', async () => {
    const browser = new Browser();
    const code = await signInStep(browser, TEST_ADMIN.email);
    const stale = browser.jar.get('__Host-pending-sign-in')!;
    expect((await browser.post('/code-verification', { otp: boxes(code) })).status).toBe(303);

    // Replayed after use: 410, the restart state, and the cookie cleared.
    const replay = new Browser();
    replay.jar.set('__Host-pending-sign-in', stale);
    const used = await replay.post('/code-verification', { otp: boxes(code) });
    expect(used.status).toBe(410);
    expect(used.html).toContain('Please sign in again.');
    expect(used.html).toMatch(/<a[^>]*href="\/"[^>]*>Back to sign in/);
    expect(used.html).not.toContain('name="otp"');
    expect(replay.jar.has('__Host-pending-sign-in')).toBe(false);

    // Expired: the page says so without a post.
    const later = new Browser();
    await signInStep(later, TEST_ADMIN.email);
    await (
      await db()
    )
      .update(otpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000), codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.tokenHash, hashToken(later.jar.get('__Host-pending-sign-in')!)));
    const expired = await later.get('/code-verification');
    expect(expired.html).toContain('No sign-in is waiting for a code in this browser');
    expect(expired.html).not.toContain('name="otp"');
    // And no cookie at all: the same.
    expect((await new Browser().get('/code-verification')).html).toContain('No sign-in is waiting');
    expect((await new Browser().post('/code-verification', { otp: boxes('123456') })).status).toBe(410);
  });

  it('resends without script: 429 with Retry-After too soon, a new code after the minute', async () => {
    const browser = new Browser();
    await signInStep(browser, TEST_ADMIN.email);
    const early = await browser.post('/code-verification', { intent: 'resend', otp: boxes('') });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(early.html).toMatch(/Please wait \d+ s before asking for a new code\./);
    await (
      await db()
    )
      .update(otpChallenges)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(otpChallenges.tokenHash, hashToken(browser.jar.get('__Host-pending-sign-in')!)));
    const resent = await browser.post('/code-verification', { intent: 'resend' });
    expect(resent.status).toBe(200);
    expect(resent.html).toContain('A new code is on its way.');
    expectPendingFlags(resent.set.get('__Host-pending-sign-in'), 600);
    const code = codeFrom(await mailbox.nextMail(TEST_ADMIN.email));
    expect((await browser.post('/code-verification', { otp: boxes(code) })).status).toBe(303);
  });

  it('refuses cross-site form posts and bodies that are not forms', async () => {
    const browser = new Browser();
    const forged = await browser.post(
      '/',
      { email: TEST_ADMIN.email, password: PASSWORD },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(forged.status).toBe(403);
    expect(forged.set.size).toBe(0);
    const oldBrowser = await browser.post(
      '/forgot-password',
      { email: TEST_ADMIN.email },
      { origin: 'https://evil.example', 'sec-fetch-site': '' },
    );
    expect(oldBrowser.status).toBe(403);
    const json = await browser.post('/', {}, { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(json.html).toContain('This page takes only its own form.');
    expect(mailbox.pending()).toEqual([]);
  });
});

describe('the JSON steps share the pending cookies', () => {
  it('lets an island verify with the code alone: the pending cookie names the sign-in', async () => {
    const browser = new Browser();
    const login = await post<{ otpToken: string }>(
      server.url,
      '/api/admin/login',
      TEST_ADMIN,
      browser.address,
    );
    expect(login.status).toBe(200);
    const setCookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith('__Host-pending-sign-in='))!;
    // API clients keep their contract: the same token in the body.
    expect(setCookie).toContain(`=${login.body.ResponseBody!.otpToken};`);
    const code = codeFrom(await mailbox.nextMail(TEST_ADMIN.email));
    const cookie = `__Host-pending-sign-in=${login.body.ResponseBody!.otpToken}`;
    const verified = await post(
      server.url,
      '/api/admin/verifyotp',
      { otp: code },
      { ...browser.address, cookie },
    );
    expect(verified.status).toBe(200);
    const cleared = verified.headers
      .getSetCookie()
      .find((line) => line.startsWith('__Host-pending-sign-in='));
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect(verified.headers.getSetCookie().some((line) => line.startsWith('__Host-session='))).toBe(true);
  });
});
