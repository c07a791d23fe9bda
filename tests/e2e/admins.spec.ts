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
import { createTestSession, createTestSessionFor } from '../support/session';
import { ask } from '../support/support-queries';
import { addAdmin } from '../support/admins';
import { insertUsers } from '../support/users';
import { rowAction } from '../support/row-actions';
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
    await rowAction(rowOf(page, 'nia@example.test'), 'Disable Nia Newcomer');
    const confirm = page.getByRole('dialog', { name: 'Disable Nia Newcomer?' });
    await confirm.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText('Nia Newcomer has been disabled and signed out everywhere.').waitFor();
    await rowOf(page, 'nia@example.test').getByText('Disabled', { exact: true }).waitFor();
    await accept.reload();
    await accept.waitForURL((url) => url.pathname === '/');
    // Your own row offers no Disable, nor any change: only your history.
    const ownButtons = await rowOf(page, TEST_ADMIN.email)
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(ownButtons).toHaveLength(1);
    expect(ownButtons[0]).toMatch(/^History of /);
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

  it('gives an admin the Support agent role, who then sees only their menu and buttons, answers a query, and is refused a broadcast', async () => {
    const agentId = await addAdmin('Sally', 'active', 'Support');
    const page = await openAdmins();
    const problems = watchConsole(page);
    const row = page.locator('.app-list-table tbody tr', { hasText: 'Sally Support' });
    await row.getByText('Administrator', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Change role of Sally Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Role of Sally Support' });
    await dialog.getByLabel('Role').selectOption({ label: 'Support agent' });
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('Sally Support has a new role').waitFor();
    await row.getByText('Support agent', { exact: true }).waitFor();
    expect(problems).toEqual([]);
    await page.close();

    // Sally, signed in: her start page is /users, her menu has only what her role opens.
    const [userId] = await insertUsers([
      { firstName: 'Quentin', lastName: 'Query', email: 'quentin@example.test' },
    ]);
    const queryId = await ask(userId!, 'Cannot see my score');
    const agent = await signedInContext(browser, server.url, await createTestSessionFor(agentId));
    const desk = await agent.newPage();
    const deskProblems = watchConsole(desk);
    await desk.goto('/dashboard');
    await desk.waitForURL((url) => url.pathname === '/users');
    await hydrated(desk);
    // Told where she was sent, and why.
    await desk.getByText('The dashboard is not part of your role, so you start on this page.').waitFor();
    const menu = desk.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link').allInnerTexts()).toEqual([
      'User Management',
      'Notifications',
      'Help Center',
    ]);
    expect(await desk.getByRole('button', { name: 'Add user' }).count()).toBe(0);
    expect(await desk.getByRole('link', { name: 'Export' }).count()).toBe(0);

    // She answers the query.
    await desk.goto(`/help-center?open=${queryId}`);
    await hydrated(desk);
    const thread = desk.getByRole('dialog', { name: 'Cannot see my score' });
    await thread.getByLabel('Your message').fill('Your score is back: please update the app.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await desk.getByText('Reply sent to the user.').waitFor();

    // The composer offers her chosen users only; a broadcast sent anyway is refused in words.
    await desk.goto('/notifications');
    await hydrated(desk);
    await desk.locator('.app-list-toolbar').getByRole('button', { name: 'New notification' }).click();
    const composer = desk.getByRole('dialog', { name: 'New notification' });
    await composer.getByLabel('Title').waitFor();
    expect(await composer.getByRole('radio', { name: 'Everyone' }).isVisible()).toBe(false);
    const refusal = await desk.evaluate(async () => {
      const response = await fetch('/api/admin/admin/bulk-notifications', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Hello', message: 'Everyone!', all: true }),
      });
      return { status: response.status, body: (await response.json()) as { ResponseMessage: string } };
    });
    expect(refusal.status).toBe(403);
    expect(refusal.body.ResponseMessage).toBe(
      'Your role does not allow this: it needs the “Send notifications to everyone” permission.',
    );
    // A page outside her role answers 403 in the shell, in words.
    const response = await desk.goto('/puzzles');
    expect(response?.status()).toBe(403);
    await desk.getByRole('heading', { name: 'Not part of your role' }).waitFor();
    expect(unexpected(deskProblems)).toEqual([]);
    await agent.close();
  });

  it('lets an Owner make a custom role on the Roles tab and give it to an admin', async () => {
    const reviewerId = await addAdmin('Rita', 'active', 'Reviewer');
    const page = await owner.newPage();
    const problems = watchConsole(page);
    await page.goto('/account-setting?tab=roles');
    await hydrated(page);
    const matrix = page.getByRole('table', { name: 'What each role may do' });
    await matrix.getByRole('columnheader', { name: /Support agent/ }).waitFor();
    // No custom role yet: the tab says what one is for and offers to make it.
    await page
      .getByText('No custom roles yet. Make one that holds just the permissions a job needs.')
      .waitFor();
    await page.getByRole('button', { name: 'New role' }).click();
    const form = page.getByRole('dialog', { name: 'New role' });
    // The dialog opens on its first field, not on itself.
    await expect
      .poll(() => form.getByLabel('Name').evaluate((field) => field === document.activeElement))
      .toBe(true);
    await form.getByLabel('Name').fill('Puzzle reviewer');
    await form.getByRole('button', { name: 'Save role' }).click();
    await form.getByText('Choose at least one permission.').waitFor();
    // What a permission brings shows ticked and locked, saying why; unticking it frees them.
    const see = form.getByLabel('See puzzles', { exact: true });
    const describedBy = () =>
      see.evaluate(
        (box) => document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent ?? null,
      );
    await form.getByLabel('Add and edit puzzles').check();
    expect([await see.isChecked(), await see.isDisabled()]).toEqual([true, true]);
    expect(await describedBy()).toBe('“Add and edit puzzles” includes “See puzzles”.');
    await form.getByText('“Add and edit puzzles” includes “See puzzles”.').waitFor();
    await form.getByLabel('Add and edit puzzles').uncheck();
    expect([await see.isChecked(), await see.isDisabled(), await describedBy()]).toEqual([
      false,
      false,
      null,
    ]);
    await form.getByLabel('Add and edit puzzles').check();
    await expect.poll(() => form.getByText('Choose at least one permission.').count()).toBe(0);
    await form.getByRole('button', { name: 'Save role' }).click();
    await page.getByText('Role saved.').waitFor();
    const column = matrix.getByRole('columnheader', { name: /Puzzle reviewer/ });
    await column.waitFor();
    expect(await column.innerText()).toContain('Members: 0');
    // Its prerequisite came with it: seeing puzzles.
    const seeRow = matrix.getByRole('row', { name: /^See puzzles/ });
    expect((await seeRow.innerText()).split('Allowed').length - 1).toBeGreaterThanOrEqual(5);

    await page.goto('/account-setting?tab=admins');
    await hydrated(page);
    await page.getByRole('button', { name: 'Change role of Rita Reviewer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Role of Rita Reviewer' });
    await dialog.getByLabel('Role').selectOption({ label: 'Puzzle reviewer' });
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await page
      .locator('.app-list-table tbody tr', { hasText: 'Rita Reviewer' })
      .getByText('Puzzle reviewer')
      .waitFor();
    const [rita] = await (
      await db()
    )
      .select({ role: admins.role })
      .from(admins)
      .where(eq(admins.id, reviewerId));
    expect(rita!.role).toMatch(/^custom-/);
    expect(problems).toEqual([]);
    await page.close();
  });

  // The tabs themselves are swept in every-page.spec.ts.
  it("has no serious axe finding in the tabs' dialogs and on a live invitation, in light LTR and dark RTL", async () => {
    const path = await invitationPath('axe@example.test');
    const findings: string[] = [];
    const signedOut = await browser.newContext({ baseURL: server.url });
    for (const look of AXE_LOOKS) {
      await withUiSettings(owner, server.url, look);
      await withUiSettings(signedOut, server.url, look);
      const page = await openAdmins();
      await page.locator('.app-list-toolbar').getByRole('button', { name: 'Invite administrator' }).click();
      await page.getByRole('dialog', { name: 'Invite administrator' }).waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} form ${finding}`,
        ),
      );
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Invite administrator' }).waitFor({ state: 'detached' });
      await page
        .getByRole('button', { name: /^Change role of / })
        .first()
        .click();
      await page.getByRole('dialog', { name: /^Role of / }).waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} role ${finding}`,
        ),
      );
      await page.close();
      const roles = await owner.newPage();
      await roles.goto('/account-setting?tab=roles');
      await hydrated(roles);
      await roles.getByRole('button', { name: 'New role' }).click();
      // With a permission's prerequisite locked and its note showing.
      await roles.getByRole('dialog', { name: 'New role' }).getByLabel('Block and unblock users').check();
      await roles.getByText('“Block and unblock users” includes “See users”.').waitFor();
      findings.push(
        ...(await seriousViolations(roles, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} role form ${finding}`,
        ),
      );
      await roles.close();
      const accept = await signedOut.newPage();
      await accept.goto(path);
      await hydrated(accept);
      await accept.getByLabel('New password', { exact: true }).fill('tr0mbone');
      findings.push(
        ...(await seriousViolations(accept)).map((finding) => `${JSON.stringify(look)} accept ${finding}`),
      );
      // A link that is no longer live looks as /accept-invite does alone, which every-page.spec.ts sweeps.
      await accept.close();
    }
    await withUiSettings(owner, server.url, {});
    await signedOut.close();
    expect(findings).toEqual([]);
  });
});
