import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility';
import { createAdmins } from '../support/admins';
import { launchChromium, watchConsole } from '../support/browser';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, type TestServer } from '../support/server';
import { boxValues, digitBox, focusedLabel, hydrated, unexpected } from './auth-pages';

/**
 * The sign-in and recovery forms before and without page script: a person who types (or whose
 * password manager or one-time-code autofill fills) faster than the islands load, or whose
 * browser runs no script at all, still gets signed in, and loses nothing they typed.
 */
let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
let context: BrowserContext | undefined;

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a new passphrase nobody would guess 77';
const ADMINS = {
  noJs: 'no-js@example.test',
  recovery: 'no-js-reset@example.test',
  early: 'early-enter@example.test',
  midway: 'midway@example.test',
};

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url });
  [browser] = await Promise.all([launchChromium(), createAdmins(Object.values(ADMINS), PASSWORD)]);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

async function newPage(javaScriptEnabled: boolean): Promise<{ page: Page; problems: string[] }> {
  context = await browser.newContext({ baseURL: server.url, javaScriptEnabled });
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

const path = (page: Page) => new URL(page.url()).pathname;
const onPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname);
const emailBox = (page: Page) => page.getByLabel('Email address');
const passwordBox = (page: Page) => page.getByLabel('Password', { exact: true });
const notHydrated = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('astro-island[ssr]').length > 0);

/** The islands' scripts arrive `ms` late: the page is server HTML only until then. */
async function slowScripts(ms: number) {
  await context!.route('**/_astro/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {});
  });
}

async function fillBoxes(page: Page, code: string) {
  for (const [index, digit] of [...code].entries()) await digitBox(page, index + 1).fill(digit);
}

/** Chromium's note when a routed (here: delayed) answer meets a navigation; not the page's doing. */
const clean = (problems: string[]) =>
  unexpected(problems).filter((problem) => !/^Transition was aborted because of invalid state/.test(problem));

const wrongCode = (code: string) => code.replace(/\d/g, (digit) => String((Number(digit) + 3) % 10));

describe('without JavaScript', () => {
  it('signs in from / to /dashboard with the mailed code, showing refusals on the page', async () => {
    const { page } = await newPage(false);
    await page.goto('/');
    await emailBox(page).fill(ADMINS.noJs);
    await passwordBox(page).fill('not my password');
    await passwordBox(page).press('Enter');
    await page.getByText('The email or password is incorrect.').waitFor();
    expect(path(page)).toBe('/');
    expect(await emailBox(page).inputValue()).toBe(ADMINS.noJs);
    expect(await passwordBox(page).inputValue()).toBe('');
    // The browser applies autofocus at a rendering update after the page is shown, not at load.
    await expect.poll(() => focusedLabel(page)).toBe('login-password');

    await passwordBox(page).fill(PASSWORD);
    await passwordBox(page).press('Enter');
    await onPath(page, '/code-verification');
    expect(await page.locator('main').textContent()).toContain('n•••@example.test');
    await expect.poll(() => focusedLabel(page)).toBe('Digit 1 of 6');
    const code = codeFrom(await mailbox.nextMail(ADMINS.noJs));
    const pending = (await context!.cookies()).find((cookie) => cookie.name === 'pending-sign-in');
    expect(pending?.httpOnly).toBe(true);
    expect(pending?.sameSite).toBe('Lax');

    await fillBoxes(page, wrongCode(code));
    await digitBox(page, 6).press('Enter');
    await page.getByText('Wrong code. Tries left: 4.').waitFor();
    expect(await digitBox(page, 1).getAttribute('aria-invalid')).toBe('true');

    await fillBoxes(page, code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await onPath(page, '/dashboard');
    const names = (await context!.cookies()).map((cookie) => cookie.name);
    expect(names).toContain('session');
    expect(names).not.toContain('pending-sign-in');
  });

  it('recovers a password: forgot → check mail → code → new password → sign in', async () => {
    const { page } = await newPage(false);
    await page.goto('/forgot-password');
    await emailBox(page).fill(ADMINS.recovery);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await onPath(page, '/check-mail');
    expect(await page.locator('main').textContent()).toContain('n•••@example.test');
    const code = codeFrom(await mailbox.nextMail(ADMINS.recovery));

    // One-time-code autofill puts the whole code in the first box; the server joins the boxes.
    await digitBox(page, 1).fill(code);
    await digitBox(page, 1).press('Enter');
    await onPath(page, '/reset-password');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD}?`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    expect(await page.getByLabel('Repeat the new password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('New password', { exact: true }).inputValue()).toBe('');

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?reset=1');
    expect(await page.getByRole('status').textContent()).toContain('Your password was changed');
    expect((await mailbox.nextMail(ADMINS.recovery)).subject).toMatch(/password was changed/);
    expect(
      (await context!.cookies()).map((cookie) => cookie.name).filter((name) => /reset/.test(name)),
    ).toEqual([]);

    await emailBox(page).fill(ADMINS.recovery);
    await passwordBox(page).fill(NEW_PASSWORD);
    await passwordBox(page).press('Enter');
    await onPath(page, '/code-verification');
    await digitBox(page, 1).fill(codeFrom(await mailbox.nextMail(ADMINS.recovery)));
    await digitBox(page, 1).press('Enter');
    await onPath(page, '/dashboard');
  });
});

describe('with JavaScript, typing before the islands load', () => {
  it('takes Enter pressed before hydration as a form post, at every step', async () => {
    const { page, problems } = await newPage(true);
    await slowScripts(1500);
    await page.goto('/', { waitUntil: 'commit' });
    await emailBox(page).fill(ADMINS.early);
    await passwordBox(page).fill(PASSWORD);
    expect(await notHydrated(page)).toBe(true);
    await passwordBox(page).press('Enter');
    await onPath(page, '/code-verification');

    const code = codeFrom(await mailbox.nextMail(ADMINS.early));
    await digitBox(page, 1).waitFor();
    await fillBoxes(page, code);
    expect(await notHydrated(page)).toBe(true);
    await digitBox(page, 6).press('Enter');
    await onPath(page, '/dashboard');
    expect(clean(problems)).toEqual([]);
  });

  it('keeps what was typed when the island loads mid-way, then signs in through the API', async () => {
    const { page, problems } = await newPage(true);
    await slowScripts(1500);
    await page.goto('/', { waitUntil: 'commit' });
    await emailBox(page).fill(ADMINS.midway);
    await passwordBox(page).fill(PASSWORD);
    expect(await notHydrated(page)).toBe(true);
    await hydrated(page);
    expect(await emailBox(page).inputValue()).toBe(ADMINS.midway);
    expect(await passwordBox(page).inputValue()).toBe(PASSWORD);
    // The island owns the form now: a re-render must not wipe what was typed.
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await passwordBox(page).inputValue()).toBe(PASSWORD);
    const login = page.waitForRequest((request) => request.url().endsWith('/api/admin/login'));
    await passwordBox(page).press('Enter');
    await login;
    await onPath(page, '/code-verification');

    const code = codeFrom(await mailbox.nextMail(ADMINS.midway));
    await digitBox(page, 1).waitFor();
    await fillBoxes(page, code.slice(0, 3));
    expect(await notHydrated(page)).toBe(true);
    await hydrated(page);
    expect(await boxValues(page)).toBe(code.slice(0, 3));
    const verify = page.waitForRequest((request) => request.url().endsWith('/api/admin/verifyotp'));
    await digitBox(page, 4).focus();
    await page.keyboard.type(code.slice(3));
    await verify;
    await onPath(page, '/dashboard');
    expect(clean(problems)).toEqual([]);
  });

  it('has no serious accessibility violations in the refused states', async () => {
    const { page } = await newPage(true);
    await page.goto('/');
    await hydrated(page);
    await emailBox(page).fill('not-an-email');
    await passwordBox(page).fill('x');
    // A post before script: the server's page with the error on the field.
    await page.evaluate(() => {
      const form = document.querySelector('form[method="post"]') as HTMLFormElement;
      HTMLFormElement.prototype.submit.call(form);
    });
    await page.getByText('Enter a valid email address.').waitFor();
    await hydrated(page);
    expect(await emailBox(page).getAttribute('aria-describedby')).toBe('login-email-error');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/code-verification');
    await hydrated(page);
    expect(await page.getByRole('alert').textContent()).toContain('No sign-in is waiting');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
