import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdmins } from '../support/admins';
import { launchChromium, signedInContext, watchConsole } from '../support/browser';
import { codeFrom, linkFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { seriousViolations } from '../support/accessibility';
import {
  boxValues,
  digitBox,
  focusedLabel,
  hydrated,
  passwordStep,
  pasteCode,
  typeCode,
  unexpected,
} from './auth-pages';

let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
let context: BrowserContext | undefined;

// One admin per journey: a journey's challenges, throttles and new password stay its own.
const PASSWORD = TEST_ADMIN.password;
const NEW_PASSWORD = 'a brand new passphrase, hard to guess 42';
const ADMINS = {
  paste: 'paste@example.test',
  wrong: 'wrong@example.test',
  tries: 'tries@example.test',
  code: 'reset-code@example.test',
  link: 'reset-link@example.test',
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

async function newPage(token?: string): Promise<{ page: Page; problems: string[] }> {
  context = token
    ? await signedInContext(browser, server.url, token)
    : await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

const onDashboard = (page: Page) => page.waitForURL((url) => url.pathname === '/dashboard');

/** The header's account menu button (the avatar and greeting). */
const accountMenu = (page: Page) => page.locator('summary', { hasText: 'Your account' });

describe('signing in with a one-time code', () => {
  it('signs in with the code typed box by box (focus, auto-advance, Backspace)', async () => {
    const { page, problems } = await newPage();
    const code = await passwordStep(page, mailbox, TEST_ADMIN.email, PASSWORD);
    await expect.poll(() => focusedLabel(page)).toBe('Digit 1 of 6');
    const card = page.locator('main');
    expect(await card.textContent()).toContain('o•••@example.test');
    expect(await card.textContent()).toMatch(/The code expires at .+\./);
    // The cooldown starts once the island runs (the server renders the button as a plain submit).
    await hydrated(page);
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.type('12');
    expect(await focusedLabel(page)).toBe('Digit 3 of 6');
    await page.keyboard.press('Backspace');
    expect([await focusedLabel(page), await boxValues(page)]).toEqual(['Digit 2 of 6', '1']);
    await page.keyboard.press('Backspace');
    expect([await focusedLabel(page), await boxValues(page)]).toEqual(['Digit 1 of 6', '']);

    // The pending sign-in lives in an HttpOnly cookie: nothing of it is in page-readable storage.
    const pending = (await context!.cookies()).find((cookie) => cookie.name === 'pending-sign-in');
    expect(pending?.httpOnly).toBe(true);
    expect(await page.evaluate(() => [sessionStorage.length, document.cookie.includes('pending')])).toEqual([
      0,
      false,
    ]);

    await typeCode(page, code);
    await onDashboard(page);
    expect((await context!.cookies()).map((cookie) => cookie.name)).not.toContain('pending-sign-in');
    expect(problems).toEqual([]);
  });

  it('fills every box from a pasted code and signs in; the page never sees the session token', async () => {
    const { page, problems } = await newPage();
    const code = await passwordStep(page, mailbox, ADMINS.paste, PASSWORD);
    // The island navigates away as soon as it has read the answer, and Chromium then drops the
    // body, so the answer is taken on its way to the page (and handed on unchanged).
    let text = '';
    await page.route('**/api/admin/verifyotp', async (route) => {
      const response = await route.fetch();
      text = await response.text();
      await route.fulfill({ response, body: text });
    });
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/verifyotp'));
    await pasteCode(page, 1, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    const verified = await answered;
    await onDashboard(page);
    expect(verified.status()).toBe(200);
    const session = (await context!.cookies()).find((cookie) => cookie.name === 'session');
    expect(session?.httpOnly).toBe(true);
    // Neither in the answer the island read nor in what page scripts can read.
    const body = JSON.parse(text) as { ResponseBody?: Record<string, unknown> };
    expect(body.ResponseBody).not.toHaveProperty('token');
    expect(text).not.toContain(session!.value);
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain('session=');
    expect(visible).not.toContain(session!.value);
    // Chromium's note when a routed answer is followed by a navigation; not the page's doing.
    expect(
      problems.filter((problem) => !/^Transition was aborted because of invalid state/.test(problem)),
    ).toEqual([]);
  });

  it('says how many tries are left after a wrong code, then takes the right one', async () => {
    const { page, problems } = await newPage();
    const code = await passwordStep(page, mailbox, ADMINS.wrong, PASSWORD);
    const wrong = code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
    const cardTop = () => page.locator('.app-auth-card').evaluate((card) => card.getBoundingClientRect().top);
    const topBefore = await cardTop();
    await typeCode(page, wrong);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Tries left: 4');
    // The card grows downwards: what the admin was looking at stays where it was.
    expect(await cardTop()).toBe(topBefore);
    expect(await boxValues(page)).toBe('');
    await expect.poll(() => focusedLabel(page)).toBe('Digit 1 of 6');
    expect(await digitBox(page, 1).getAttribute('aria-invalid')).toBe('true');

    await typeCode(page, code);
    await onDashboard(page);
    expect(unexpected(problems)).toEqual([]);
  });

  it('ends the sign-in after five wrong codes and leads back to the start', async () => {
    const { page, problems } = await newPage();
    const code = await passwordStep(page, mailbox, ADMINS.tries, PASSWORD);
    const wrong = code.replace(/\d/g, (digit) => String((Number(digit) + 5) % 10));
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/verifyotp'));
      await typeCode(page, wrong);
      await answered;
      if (attempt < 5) await expect.poll(() => focusedLabel(page)).toBe('Digit 1 of 6');
    }
    expect(await page.getByRole('alert').textContent()).toContain('Too many wrong codes');
    expect(await page.locator('fieldset').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to sign in' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(unexpected(problems)).toEqual([]);
  });
});

describe('recovering a forgotten password', () => {
  /** From the sign-in page: "Forgot password?" takes the address typed there along. */
  async function forgot(page: Page, email: string) {
    await page.goto('/');
    await hydrated(page);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await hydrated(page);
    expect(await page.getByLabel('Email address').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send the code' }).click();
    await page.waitForURL('**/check-mail');
  }

  async function choosePassword(page: Page, email: string) {
    await hydrated(page);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?reset=1');
    expect(await page.getByRole('status').textContent()).toContain('Your password was changed');
    expect((await mailbox.nextMail(email)).subject).toMatch(/password was changed/);
  }

  it('goes forgot → check mail → code → new password → sign in with it', async () => {
    const { page, problems } = await newPage();
    await forgot(page, ADMINS.code);
    await hydrated(page);
    await page.getByText('r•••@example.test', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    expect(await page.locator('main').textContent()).toMatch(/new code in \d+ s/);
    expect(await seriousViolations(page)).toEqual([]);

    // The code's boxes are on the page already: no click between the mail and the code.
    await typeCode(page, codeFrom(await mailbox.nextMail(ADMINS.code)));
    await page.waitForURL('**/reset-password');
    await hydrated(page);

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    // The strength meter's dictionaries load on first keystroke, from our own origin (CSP).
    await page.locator('meter').waitFor();
    await page.getByLabel('Repeat the new password').fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByText('The two passwords are not the same.').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await choosePassword(page, ADMINS.code);

    const code = await passwordStep(page, mailbox, ADMINS.code, NEW_PASSWORD);
    await typeCode(page, code);
    await onDashboard(page);
    expect(problems).toEqual([]);
  });

  it('opens the emailed link, drops the token from the address bar and sets the password', async () => {
    const { page: first } = await newPage();
    await forgot(first, ADMINS.link);
    const token = new URL(linkFrom(await mailbox.nextMail(ADMINS.link))).searchParams.get('token');
    await context!.close();

    // The link opens in a new browser session, as from a mail program.
    const { page, problems } = await newPage();
    await page.goto(`/reset-password?token=${token}`);
    await expect.poll(() => page.url()).toBe(`${server.url}/reset-password`);
    await choosePassword(page, ADMINS.link);
    const login = await page.request.post('/api/admin/login', {
      data: { email: ADMINS.link, password: NEW_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await mailbox.nextMail(ADMINS.link);
    expect(problems).toEqual([]);
  });

  it('sends an admin who is already signed in from /forgot-password to the dashboard', async () => {
    const { page } = await newPage(await createTestSession());
    await page.goto('/forgot-password');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

describe('logging out', () => {
  it('asks first; Yes ends the session and clears the browser', async () => {
    const { page, problems } = await newPage(await createTestSession());
    await page.goto('/dashboard');
    await hydrated(page);
    await page.evaluate(() => {
      sessionStorage.setItem('otp-challenge', '{}');
      localStorage.setItem('admin:recent', '[]');
    });
    await accountMenu(page).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Are you sure you want to sign out?');
    const focusInDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    // Focus moves into the dialog when it opens (after its fade), onto the answer that changes
    // nothing rather than the dialog itself, and Tab cannot leave it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('No');
    // react-bootstrap's trap pulls focus back on the next tick when Tab steps out: poll, not peek.
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab');
      await expect.poll(focusInDialog).toBe(true);
    }

    await dialog.getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => [sessionStorage.length, localStorage.getItem('admin:recent')])).toEqual([
      0,
      null,
    ]);
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
  });

  it('No goes to the dashboard, still signed in; Escape just closes and gives focus back', async () => {
    const { page, problems } = await newPage(await createTestSession());
    await page.goto('/users');
    await hydrated(page);
    // Sign out sits in the account menu, apart from Profile; the menu closes as the dialog opens.
    const menu = accountMenu(page);
    await menu.click();
    await page.getByRole('link', { name: 'Profile' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => menu.evaluate((toggle) => toggle === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);

    await menu.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await onDashboard(page);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(problems).toEqual([]);
  });
});

// Every signed-out page is swept (axe, console, CSP) in every-page.spec.ts.
describe('the signed-out pages', () => {
  it('say the password was changed after a reset', async () => {
    const { page, problems } = await newPage();
    await page.goto('/?reset=1');
    expect(await page.getByRole('status').textContent()).toContain('Your password was changed');
    expect(problems).toEqual([]);
  });
});
