import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { fromNewAddress, post } from '../support/api';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { rowAction } from '../support/row-actions';
import { passwordStep, typeCode, unexpected } from './auth-pages';

/**
 * Issue #38, item 1, in Chromium: someone registers through the API, signs in to a page that says
 * their account waits, and an Owner approves them with a role (or rejects them) on the
 * Administrators tab; the approved person's next request has that role's access.
 */

const PASSWORD = 'a long unusual passphrase';
let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
let owner: BrowserContext;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    ALLOW_REGISTRATION: 'true',
    SMTP_URL: mailbox.url,
    TRUSTED_PROXIES: '127.0.0.1',
  });
  browser = await launchChromium();
  owner = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

/** Registers through the API, as a stranger's client would; the mails it causes are taken. */
async function register(email: string, firstName: string, lastName: string) {
  const answer = await post(
    server.url,
    '/api/account/register',
    { email, password: PASSWORD, firstName, lastName },
    fromNewAddress(),
  );
  expect(answer.status).toBe(200);
  await mailbox.nextMail(email);
  await mailbox.nextMail(TEST_ADMIN.email);
}

/** Signs in through the sign-in pages in a browser of their own; the page is left where it lands. */
async function signIn(email: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const problems = watchConsole(page);
  const code = await passwordStep(page, mailbox, email, PASSWORD);
  await typeCode(page, code);
  return { context, page, problems };
}

async function openAdmins(): Promise<Page> {
  const page = await owner.newPage();
  await page.goto('/account-setting?tab=admins');
  await hydrated(page);
  return page;
}

const rowOf = (page: Page, email: string) => page.locator('.app-list-table tbody tr', { hasText: email });

describe('self-registration in Chromium', () => {
  it('waits on one page until an Owner approves them with a role, then has that role', async () => {
    await register('rosa@example.test', 'Rosa', 'Registered');
    const person = await signIn('rosa@example.test');
    await person.page.waitForURL((url) => url.pathname === '/awaiting-approval');
    await person.page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
    // Any other page comes back to it.
    await person.page.goto('/users');
    await person.page.waitForURL((url) => url.pathname === '/awaiting-approval');

    const page = await openAdmins();
    const problems = watchConsole(page);
    const row = rowOf(page, 'rosa@example.test');
    await row.getByText('Waiting for approval', { exact: true }).waitFor();
    // The least role it is stored with is not shown as one it holds.
    await row.getByText('None until approved', { exact: true }).waitFor();
    // Nothing else is offered for an account still waiting.
    expect(await row.getByRole('button', { name: /^(Change role of|Disable) / }).count()).toBe(0);
    await row.getByRole('button', { name: 'Approve Rosa Registered' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Rosa Registered' });
    await dialog.getByLabel('Role').selectOption({ label: 'Support agent' });
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText('Rosa Registered is approved').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Support agent', { exact: true }).waitFor();
    expect((await mailbox.nextMail('rosa@example.test')).subject).toBe(
      'Your Puzzle Admin account is approved',
    );

    // Her very next request, same session: a support agent's start page and menu.
    await person.page.goto('/dashboard');
    await person.page.waitForURL((url) => url.pathname === '/users');
    await hydrated(person.page);
    const menu = person.page.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'User Management',
      'Notifications',
      'Help Center',
    ]);
    expect(problems).toEqual([]);
    expect(unexpected(person.problems)).toEqual([]);
    await person.context.close();
    await page.close();
  });

  it('is signed out for good when an Owner rejects them', async () => {
    await register('rex@example.test', 'Rex', 'Rejected');
    const person = await signIn('rex@example.test');
    await person.page.waitForURL((url) => url.pathname === '/awaiting-approval');

    const page = await openAdmins();
    const problems = watchConsole(page);
    await rowAction(rowOf(page, 'rex@example.test'), 'Reject Rex Rejected');
    const confirm = page.getByRole('dialog', { name: 'Reject Rex Rejected?' });
    await confirm.getByRole('button', { name: 'Reject', exact: true }).click();
    await page.getByText('The registration of Rex Rejected was rejected and deleted.').waitFor();
    await rowOf(page, 'rex@example.test').waitFor({ state: 'detached' });

    await person.page.reload();
    await person.page.waitForURL((url) => url.pathname === '/');
    expect(problems).toEqual([]);
    await person.context.close();
    await page.close();
  });

  it('signs out from the waiting page', async () => {
    await register('sam@example.test', 'Sam', 'Signout');
    const person = await signIn('sam@example.test');
    await person.page.waitForURL((url) => url.pathname === '/awaiting-approval');
    await person.page.getByRole('button', { name: 'Sign out' }).click();
    await person.page.waitForURL((url) => url.pathname === '/');
    await person.page.goto('/awaiting-approval');
    await person.page.waitForURL((url) => url.pathname === '/');
    await person.context.close();
  });

  it('has no serious axe findings on the waiting page and on the tab with a waiting row, in both looks', async () => {
    await register('axe@example.test', 'Axel', 'Waiting');
    const person = await signIn('axe@example.test');
    await person.page.waitForURL((url) => url.pathname === '/awaiting-approval');
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(owner, server.url, look);
      await withUiSettings(person.context, server.url, look);
      await person.page.reload();
      await person.page.getByRole('heading', { name: 'Waiting for approval' }).waitFor();
      findings.push(
        ...(await seriousViolations(person.page)).map((f) => `${JSON.stringify(look)} waiting ${f}`),
      );
      const page = await openAdmins();
      await rowOf(page, 'axe@example.test').getByText('Waiting for approval', { exact: true }).waitFor();
      findings.push(...(await seriousViolations(page)).map((f) => `${JSON.stringify(look)} tab ${f}`));
      await rowOf(page, 'axe@example.test').getByRole('button', { name: 'Approve Axel Waiting' }).click();
      await page.getByRole('dialog', { name: 'Approve Axel Waiting' }).waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (f) => `${JSON.stringify(look)} approve ${f}`,
        ),
      );
      await page.close();
    }
    await withUiSettings(owner, server.url, {});
    await person.context.close();
    expect(findings).toEqual([]);
  });
});
