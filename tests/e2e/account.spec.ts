import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins, auditLog, puzzles } from '../../src/server/db/schema';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { createAdmins } from '../support/admins';
import { get } from '../support/api';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { USER_AGENTS } from '../support/user-agents';

/** The Password, Sessions and Activity tabs of /account-setting, each journey with its own admin. */

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const PASSWORD = 'a long and unusual test passphrase';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  await createAdmins(
    [
      'password@example.test',
      'sessions@example.test',
      'activity@example.test',
      'activity-puzzle@example.test',
      'looks@example.test',
    ],
    PASSWORD,
  );
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string): Promise<BrowserContext> {
  const context = await signedInContext(browser, server.url, await createTestSession(email));
  contexts.push(context);
  return context;
}

async function open(context: BrowserContext, tab: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/account-setting?tab=${tab}`);
  await hydrated(page);
  return page;
}

const profileStatus = async (token: string) =>
  (await get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${token}` })).status;

async function adminId(email: string): Promise<number> {
  const [admin] = await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  return admin!.id;
}

describe('the Password tab', () => {
  it('changes the password: mistakes shown on their fields, then the other session is gone', async () => {
    const email = 'password@example.test';
    const context = await signedIn(email);
    const elsewhere = await createTestSession(email, USER_AGENTS.firefoxWindows);
    const page = await open(context, 'password');
    const problems = watchConsole(page);
    const current = page.getByLabel('Current password', { exact: true });
    const fresh = page.getByLabel('New password', { exact: true });
    const repeat = page.getByLabel('Repeat the new password', { exact: true });
    const submit = page.getByRole('button', { name: 'Change password' });

    await current.fill(PASSWORD);
    await fresh.fill('quietly orbiting teapots at dawn');
    await page.locator('#account-strength').waitFor();
    await repeat.fill('quietly orbiting teapots at dusk');
    await submit.click();
    await page.getByText('The two passwords are not the same.').waitFor();
    expect(await repeat.getAttribute('aria-invalid')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.id === 'account-confirm');

    await current.fill('not my password at all');
    await repeat.fill('quietly orbiting teapots at dawn');
    await submit.click();
    await page.getByText('This is not your current password.').waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    await current.fill(PASSWORD);
    await submit.click();
    await page.getByText('Password changed; your other sessions were signed out.').waitFor();
    expect([await current.inputValue(), await fresh.inputValue(), await repeat.inputValue()]).toEqual([
      '',
      '',
      '',
    ]);
    expect(await profileStatus(elsewhere)).toBe(401);
    // This browser is still signed in.
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/account-setting');
    // The refused tries answered 400 on purpose; nothing else went wrong.
    expect(problems.filter((problem) => !/status of 400/.test(problem))).toEqual([]);
    await page.close();
  });
});

describe('the Sessions tab', () => {
  it('lists the other session as "Firefox on Windows", signs it out, then all the others', async () => {
    const email = 'sessions@example.test';
    const context = await signedIn(email);
    const firefox = await createTestSession(email, USER_AGENTS.firefoxWindows);
    const page = await open(context, 'sessions');
    const list = page.getByRole('list', { name: 'Your active sessions' });
    const items = list.getByRole('listitem');
    expect(await items.count()).toBe(2);
    await items.filter({ hasText: 'This session' }).waitFor();
    const other = items.filter({ hasText: 'Firefox on Windows' });
    expect(await other.getByText('This session').count()).toBe(0);

    await other.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out Firefox on Windows?' });
    await dialog.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByText('Session signed out.').waitFor();
    await expect.poll(() => items.count()).toBe(1);
    expect(await profileStatus(firefox)).toBe(401);
    await page.getByText('You are signed in only here.').waitFor();

    const more = [await createTestSession(email, USER_AGENTS.safariIphone), await createTestSession(email)];
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => items.count()).toBe(3);
    await items.filter({ hasText: 'Safari on iOS' }).waitFor();
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out all other sessions?' })
      .getByRole('button', { name: 'Sign out all other sessions' })
      .click();
    await page.getByText('Other sessions signed out: 2.').waitFor();
    await expect.poll(() => items.count()).toBe(1);
    for (const token of more) expect(await profileStatus(token)).toBe(401);
    expect(await page.getByRole('button', { name: 'Sign out all other sessions' }).isDisabled()).toBe(true);
    await page.close();
  });
});

describe('the Activity tab', () => {
  it('shows the entries in words, links the user, and pages through the URL', async () => {
    const email = 'activity@example.test';
    const id = await adminId(email);
    const base = Date.now() - 60 * 60_000;
    await (await db()).insert(auditLog).values([
      ...Array.from({ length: 9 }, (_, index) => ({
        adminId: id,
        action: 'users.update',
        target: `users:${index + 100}`,
        at: new Date(base + index * 60_000),
      })),
      { adminId: id, action: 'legacy.thing', at: new Date(base + 20 * 60_000) },
      {
        adminId: id,
        action: 'users.block',
        target: 'users:7',
        detail: JSON.stringify({ reason: 'Spamming other players' }),
        at: new Date(base + 21 * 60_000),
      },
      { adminId: id, action: 'auth.login', ip: '203.0.113.9', at: new Date(base + 22 * 60_000) },
    ]);
    const context = await signedIn(email);
    // Ten a page (25 by default), so that two pages hold the twelve entries.
    const page = await open(context, 'activity&record=10');
    const rows = page.locator('.app-list-table tbody tr');
    expect(await rows.count()).toBe(10);
    await page.getByText('1–10 of 12').waitFor();
    expect(await rows.nth(0).innerText()).toMatch(/Signed in[\s\S]*203\.0\.113\.9/);
    expect(await rows.nth(1).innerText()).toContain('Blocked a user');
    await rows.nth(1).getByText('Reason: Spamming other players').waitFor();
    expect(await rows.nth(1).getByRole('link', { name: 'User #7' }).getAttribute('href')).toBe(
      '/users?open=7',
    );
    expect(await rows.nth(2).innerText()).toContain('Other action (legacy.thing)');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('page') === '1' && url.searchParams.get('tab') === 'activity',
    );
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(1).innerText()).toContain('Edited a user');
    await page.reload();
    await hydrated(page);
    await page.getByText('11–12 of 12').waitFor();
    await page.close();
  });

  it('names a puzzle by its title and links it to the puzzles list, searched for that title', async () => {
    const email = 'activity-puzzle@example.test';
    const database = await db();
    const [puzzle] = await database
      .insert(puzzles)
      .values({ title: 'Morning Kakuro', category: 'Kakuro', difficulty: 'easy', status: 'published' })
      .returning({ id: puzzles.id });
    await database
      .insert(auditLog)
      .values({ adminId: await adminId(email), action: 'puzzles.update', target: `puzzles:${puzzle!.id}` });
    const page = await open(await signedIn(email), 'activity');
    const link = page.getByRole('link', { name: `Morning Kakuro (Puzzle #${puzzle!.id})` });
    expect(await link.getAttribute('href')).toBe('/puzzles?search=Morning%20Kakuro');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/puzzles');
    await hydrated(page);
    await page.locator('.app-list-table tbody tr').filter({ hasText: 'Morning Kakuro' }).waitFor();
    await page.close();
  });
});

describe('the three tabs with axe-core', () => {
  it('have no serious finding in light LTR and dark RTL', async () => {
    const email = 'looks@example.test';
    await createTestSession(email, USER_AGENTS.firefoxWindows);
    await (await db()).insert(auditLog).values({
      adminId: await adminId(email),
      action: 'users.block',
      target: 'users:3',
      detail: JSON.stringify({ reason: 'Testing' }),
    });
    const context = await signedIn(email);
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      for (const tab of ['password', 'sessions', 'activity']) {
        const page = await open(context, tab);
        if (tab === 'password') {
          // With an error showing, as the form looks after a mistake.
          await page.getByLabel('New password', { exact: true }).fill('short');
          await page.getByRole('button', { name: 'Change password' }).click();
          await page.getByText('Must be at least 8 characters long.').waitFor();
        }
        findings.push(
          ...(await seriousViolations(page)).map((finding) => `${JSON.stringify(look)} ${tab} ${finding}`),
        );
        await page.close();
      }
    }
    expect(findings).toEqual([]);
  });
});
