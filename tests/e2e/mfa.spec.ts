import { and, eq, inArray } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { db } from '../../src/server/db/client';
import { admins, auditLog, sessions } from '../../src/server/db/schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOOK_RULES, seriousViolations } from '../support/accessibility';
import { createAdmins } from '../support/admins';
import { hydrated, launchChromium, watchConsole } from '../support/browser';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { appCode } from '../support/mfa';
import { freePort } from '../support/process';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Second factors in a real browser: a passkey made in Chromium's virtual authenticator (CDP
 * `WebAuthn`), then a sign-in with that passkey alone; an app set up from the key on the page; a
 * recovery code typed with page script off.
 */
let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
let context: BrowserContext | undefined;
let base: string;

const PASSWORD = 'a passphrase for second factors';
const ADMINS = { passkey: 'passkey-ui@example.test', app: 'app-ui@example.test' };

beforeAll(async () => {
  mailbox = await startMailbox();
  const port = await freePort();
  base = `http://localhost:${port}`;
  server = await startTestServer({ SMTP_URL: mailbox.url, PUBLIC_URL: base }, { port });
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

async function signedIn(email: string): Promise<{ page: Page; problems: string[] }> {
  context = await browser.newContext({ baseURL: base });
  const token = await createTestSession(email);
  await context.addCookies([{ name: 'session', value: token, url: base, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

const securityTab = async (page: Page) => {
  await page.goto('/account-setting?tab=security');
  await hydrated(page);
};

describe('passkeys', () => {
  it('are made on the Sign-in security tab, then sign in alone', async () => {
    const { page, problems } = await signedIn(ADMINS.passkey);
    const cdp = await context!.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await securityTab(page);
    expect(await page.locator('[data-mfa-grace]').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Passkey name').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const codes = page.locator('[data-recovery-codes] li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Test laptop').waitFor();
    // A factor set: the grace banner is gone from the next page.
    await page.goto('/profile');
    expect(await page.locator('[data-mfa-grace]').count()).toBe(0);

    // Signed out, then in with the passkey alone: no email, no password.
    await page.evaluate(() =>
      fetch('/api/admin/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    // Chromium's virtual authenticator answers the login page's conditional request (the passkey
    // autofill) at once, where a person would pick the passkey: signed in with no email, no password.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const logins = await (
      await db()
    )
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .innerJoin(admins, eq(admins.id, auditLog.adminId))
      .where(and(eq(admins.email, ADMINS.passkey), eq(auditLog.action, 'auth.login')));
    expect(logins.map((row) => row.detail)).toEqual(['passkey']);
    expect(problems).toEqual([]);
  });
});

describe('an authenticator app and its recovery codes', () => {
  it('is set up from the key on the page; a recovery code signs in without JavaScript', async () => {
    const { page, problems } = await signedIn(ADMINS.app);
    await securityTab(page);
    await page.getByRole('button', { name: 'Set up an app' }).click();
    const key = (await page.locator('[data-app-key]').textContent())!.replace(/\s/g, '');
    expect(await page.locator('[data-app-setup] svg').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Code from your app').fill(appCode(key));
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.locator('[data-recovery-codes] li').first().waitFor();
    const first = await page.locator('[data-recovery-codes] li').allTextContents();
    expect(first).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();

    // Past REAUTH_WINDOW, new codes ask in a dialog first, then the action goes through.
    const database = await db();
    const owner = database.select({ id: admins.id }).from(admins).where(eq(admins.email, ADMINS.app));
    await database
      .update(sessions)
      .set({ confirmedAt: new Date(Date.now() - 3_600_000) })
      .where(inArray(sessions.adminId, owner));
    await page.getByRole('button', { name: 'Make new codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
    await dialog.getByLabel('Code from your app').waitFor();
    expect(await seriousViolations(page, { within: '.modal.show' })).toEqual([]);
    // The dialog again in dark, right to left (the stylesheet switches both live).
    const look = (mode: string, dir: string) =>
      page.evaluate(
        ([m, d]) => Object.assign(document.documentElement, { dir: d }).setAttribute('data-bs-theme', m!),
        [mode, dir],
      );
    await look('dark', 'rtl');
    expect(await seriousViolations(page, { within: '.modal.show', rules: LOOK_RULES })).toEqual([]);
    await look('light', 'ltr');
    await dialog.getByLabel('Code from your app').fill(appCode(key, 1));
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.locator('[data-recovery-codes] li').first().waitFor();
    const codes = await page.locator('[data-recovery-codes] li').allTextContents();
    expect(codes).toHaveLength(10);
    expect(codes).not.toEqual(first);
    // The one 403 is the refusal that asked for the confirmation.
    expect(problems).toEqual([
      'Failed to load resource: the server responded with a status of 403 (Forbidden)',
    ]);

    // The second step, with script: axe on it.
    const step = await browser.newContext({ baseURL: base });
    const stepPage = await step.newPage();
    await stepPage.goto('/');
    await hydrated(stepPage);
    await stepPage.getByLabel('Email address').fill(ADMINS.app);
    await stepPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await stepPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await stepPage.waitForURL((url) => url.pathname === '/code-verification');
    await stepPage.getByLabel('Code from your app').waitFor();
    expect(await stepPage.getAttribute('#factor-code', 'autocomplete')).toBe('one-time-code');
    expect(await seriousViolations(stepPage)).toEqual([]);
    await step.close();

    // No script at all: password, then "Use a recovery code", then the code.
    const plain = await browser.newContext({ baseURL: base, javaScriptEnabled: false });
    const noJs = await plain.newPage();
    await noJs.goto('/');
    await noJs.getByLabel('Email address').fill(ADMINS.app);
    await noJs.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await noJs.getByRole('button', { name: 'Sign in', exact: true }).click();
    await noJs.waitForURL((url) => url.pathname === '/code-verification');
    await noJs.getByRole('link', { name: 'Use a recovery code' }).click();
    await noJs.getByLabel('Recovery code').fill(codes[3]!);
    await noJs.getByRole('button', { name: 'Sign in', exact: true }).click();
    await noJs.waitForURL((url) => url.pathname === '/dashboard');
    await plain.close();
    expect((await mailbox.nextMail(ADMINS.app)).subject).toBe('A recovery code was used to sign in');
  });
});
