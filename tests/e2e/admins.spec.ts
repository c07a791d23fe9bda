import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteAdmin } from '../../src/server/admins/invite';
import { db } from '../../src/server/db/client';
import { adminInvites, admins } from '../../src/server/db/schema';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { inviteTokenFrom } from '../support/admin-invites';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { passwordStep, typeCode, unexpected } from './auth-pages';

/** Links in mail name PUBLIC_URL; the browser opens the same path and query on the test server. */
const PUBLIC_URL = 'http://admin.example.test';
const PASSWORD = 'saffron kettle meadow 41';
let server: TestServer;
let browser: Browser;
let mailbox: Mailbox;
let owner: BrowserContext;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, PUBLIC_URL });
  browser = await launchChromium();
  owner = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

const rowOf = (page: Page, email: string) => page.locator('.app-list-table tbody tr', { hasText: email });

async function openAdmins(context = owner): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/account-setting?tab=admins');
  await hydrated(page);
  return page;
}

/** An invitation made by the service (as the owner would), and its mailed link's path. */
async function invitationPath(email: string): Promise<string> {
  const [me] = await (await db()).select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
  await inviteAdmin(
    { first_name: 'Axe', last_name: 'Checker', email, role: 'administrator' },
    { adminId: me!.id, ip: '' },
    'en',
  );
  return `/accept-invite?token=${inviteTokenFrom(await mailbox.nextMail(email), PUBLIC_URL)}`;
}

describe('fellow administrators in Chromium', () => {
  it('invites an admin, who sets a password from the mailed link and signs in; disabling ends their session', async () => {
    const page = await openAdmins();
    const problems = watchConsole(page);
    await page.locator('.app-list-toolbar').getByRole('button', { name: 'Invite administrator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite administrator' });
    await dialog.getByLabel('First name').fill('Nia');
    await dialog.getByLabel('Last name').fill('Newcomer');
    await dialog.getByLabel('Email').fill('nia@example.test');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Invitation sent to nia@example.test.').waitFor();
    await rowOf(page, 'nia@example.test').getByText('Invited', { exact: true }).waitFor();

    // Signed out, in a browser of their own.
    const invitee = await browser.newContext({ baseURL: server.url });
    const mail = await mailbox.nextMail('nia@example.test');
    const accept = await invitee.newPage();
    const acceptProblems = watchConsole(accept);
    const link = new URL(`${server.url}/accept-invite?token=${inviteTokenFrom(mail, PUBLIC_URL)}`);
    const response = await accept.goto(link.pathname + link.search);
    expect(response?.status()).toBe(200);
    await hydrated(accept);
    expect(await accept.locator('main').innerText()).toContain('nia@example.test');
    await accept.getByLabel('New password', { exact: true }).fill('short');
    await accept.getByLabel('Repeat the new password').fill('short');
    await accept.getByRole('button', { name: 'Set password' }).click();
    await accept.getByText('Must be at least 8 characters long.').waitFor();
    await accept.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await accept.getByLabel('Repeat the new password').fill(PASSWORD);
    await accept.getByRole('button', { name: 'Set password' }).click();
    await accept.getByText('Your password is set.', { exact: false }).waitFor();
    await accept.getByRole('link', { name: 'Go to sign in' }).click();
    await accept.waitForURL((url) => url.pathname === '/');

    const code = await passwordStep(accept, mailbox, 'nia@example.test', PASSWORD);
    await typeCode(accept, code);
    await accept.waitForURL((url) => url.pathname === '/dashboard');
    expect(await accept.locator('header').innerText()).toContain('Nia');

    // The owner disables them; their very next request finds them signed out.
    await page.reload();
    await hydrated(page);
    await rowOf(page, 'nia@example.test').getByRole('button', { name: 'Disable Nia Newcomer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable Nia Newcomer?' });
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText('Nia Newcomer has been disabled and signed out everywhere.').waitFor();
    await rowOf(page, 'nia@example.test').getByText('Disabled', { exact: true }).waitFor();
    await accept.reload();
    await accept.waitForURL((url) => url.pathname === '/');
    // Your own row offers no Disable.
    expect(await rowOf(page, TEST_ADMIN.email).getByRole('button').count()).toBe(0);
    expect(problems).toEqual([]);
    expect(unexpected(acceptProblems)).toEqual([]);
    await invitee.close();
    await page.close();
  });

  it('shows a clear page for an expired link', async () => {
    const path = await invitationPath('expired@example.test');
    const [invited] = await (
      await db()
    )
      .select()
      .from(admins)
      .where(eq(admins.email, 'expired@example.test'));
    await (
      await db()
    )
      .update(adminInvites)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(adminInvites.adminId, invited!.id));
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const response = await page.goto(path);
    expect(response?.status()).toBe(410);
    await page.getByRole('heading', { name: 'Invitation no longer valid' }).waitFor();
    await page.getByText('This invitation has expired or was already used').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it('has no serious axe finding on the admins tab and the accept-invite page, in light LTR and dark RTL', async () => {
    const path = await invitationPath('axe@example.test');
    const findings: string[] = [];
    const signedOut = await browser.newContext({ baseURL: server.url });
    for (const look of AXE_LOOKS) {
      await withUiSettings(owner, server.url, look);
      await withUiSettings(signedOut, server.url, look);
      const page = await openAdmins();
      findings.push(
        ...(await seriousViolations(page)).map((finding) => `${JSON.stringify(look)} tab ${finding}`),
      );
      await page.locator('.app-list-toolbar').getByRole('button', { name: 'Invite administrator' }).click();
      await page.getByRole('dialog', { name: 'Invite administrator' }).waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} form ${finding}`,
        ),
      );
      await page.close();
      const accept = await signedOut.newPage();
      await accept.goto(path);
      await hydrated(accept);
      await accept.getByLabel('New password', { exact: true }).fill('tr0mbone');
      findings.push(
        ...(await seriousViolations(accept)).map((finding) => `${JSON.stringify(look)} accept ${finding}`),
      );
      await accept.goto('/accept-invite?token=gone');
      findings.push(
        ...(await seriousViolations(accept)).map((finding) => `${JSON.stringify(look)} gone ${finding}`),
      );
      await accept.close();
    }
    await withUiSettings(owner, server.url, {});
    await signedOut.close();
    expect(findings).toEqual([]);
  });
});
