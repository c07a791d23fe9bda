import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmins } from '../support/admins';
import { boxes, expectPendingFlags, FormBrowser, wrongCode } from '../support/form-browser';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

/**
 * Recovery through the signed-out pages' own form posts, as a browser without script sends them,
 * and the pending-reset and reset-token cookies that carry it from page to page (`__Host-`:
 * PUBLIC_URL is https).
 */
let server: TestServer;
let mailbox: Mailbox;
const PASSWORD = TEST_ADMIN.password;
const ADMINS = { reset: 'forms-reset@example.test' };

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

describe('recovery without script', () => {
  it('goes forgot → check mail → code → new password → sign in, on cookies alone', async () => {
    const browser = new Browser();
    const forgot = await browser.post('/forgot-password', { email: ADMINS.reset });
    expect(forgot.status).toBe(303);
    expect(forgot.headers.get('location')).toBe('/check-mail');
    expectPendingFlags(forgot.set.get('__Host-pending-reset'), 3600);
    const code = codeFrom(await mailbox.nextMail(ADMINS.reset));

    const check = await browser.get('/check-mail');
    expect(check.html).toContain('If f•••@example.test belongs to an administrator');
    const again = await browser.post('/check-mail', { intent: 'resend' });
    expect(again.status).toBe(200);
    expect(again.html).toContain('A new code is on its way.');

    const wrong = await browser.post('/code-verification?purpose=reset', { otp: boxes(wrongCode(code)) });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('Tries left: 4.');
    const right = await browser.post('/code-verification?purpose=reset', { otp: boxes(code) });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/reset-password');
    expectPendingFlags(right.set.get('__Host-reset-token'), 3600);

    const form = await browser.get('/reset-password');
    expect(form.html).toMatch(/name="password"/);
    expect(form.html).toMatch(/name="username"[^>]*value="forms-reset@example.test"/);
    expect(form.html).not.toContain(browser.jar.get('__Host-reset-token'));

    const NEW = 'an entirely new passphrase, seldom guessed';
    const mismatch = await browser.post('/reset-password', { password: NEW, confirm: `${NEW}!` });
    expect(mismatch.status).toBe(400);
    expect(mismatch.html).toContain('The two passwords are not the same.');
    expect(mismatch.html).not.toContain(NEW);
    const short = await browser.post('/reset-password', { password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    expect(short.html).toContain('Must be at least 8 characters long.');
    const done = await browser.post('/reset-password', { password: NEW, confirm: NEW });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/?reset=1');
    expect([...browser.jar.keys()].filter((name) => /reset/.test(name))).toEqual([]);
    expect((await mailbox.nextMail(ADMINS.reset)).subject).toMatch(/password was changed/);

    const signIn = await browser.post('/', { email: ADMINS.reset, password: NEW });
    expect(signIn.status).toBe(303);
    await mailbox.nextMail(ADMINS.reset);
  });

  it('moves the mailed link token into a cookie and out of the address bar', async () => {
    const browser = new Browser();
    const token = 'A'.repeat(22);
    const link = await browser.get(`/reset-password?token=${token}`);
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe('/reset-password');
    expect(link.set.get('__Host-reset-token')?.value).toBe(token);
    // Not a live token: the page offers a new code and drops the cookie.
    const page = await browser.get('/reset-password');
    expect(page.html).toContain('Ask for a new code');
    expect(page.html).not.toMatch(/name="password"/);
    expect(browser.jar.has('__Host-reset-token')).toBe(false);
    const post410 = await browser.post('/reset-password', {
      password: 'whatever it is 123',
      confirm: 'whatever it is 123',
    });
    expect(post410.status).toBe(410);
  });

  it('answers an unknown address exactly like a known one', async () => {
    const browser = new Browser();
    const answer = await browser.post('/forgot-password', { email: 'nobody-here@example.test' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/check-mail');
    expect(answer.set.has('__Host-pending-reset')).toBe(true);
    const bad = await browser.post('/forgot-password', { email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Enter a valid email address.');
    expect(bad.html).toMatch(/value="nope"/);
  });
});
