import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithRole } from '../support/admins';
import { hydrated, launchChromium, signedInContext, watchConsole } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';
import { rowAction } from '../support/row-actions';

let server: TestServer;
let browser: Browser;
let owner: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  owner = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
});

/** Issue #28: the trail on its own screen and in each thing's History panel. */
describe('the audit trail in Chromium', () => {
  it('shows the audit log in words, filtered by admin and area, and exports what it shows', async () => {
    const auditor = await adminWithRole('readonly', 'Audrey');
    const page = await owner.newPage();
    const problems = watchConsole(page);
    // Something to find: a refusal of Audrey's, written by the server as it happens.
    const refused = await fetch(`${server.url}/api/admin/adduser`, {
      method: 'POST',
      headers: { cookie: `session=${auditor.token}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(refused.status).toBe(403);
    await page.goto('/audit');
    await hydrated(page);
    await page.getByLabel('Administrator').selectOption({ label: 'Audrey Helper' });
    // Filters apply themselves as they are chosen, as on every list.
    await page.getByLabel('Area').selectOption({ label: 'Refusals' });
    await page.waitForURL((url) => url.searchParams.get('area') === 'permission');
    const rows = page.locator('.app-list-table tbody tr');
    // The filtered page replaces the first one once it arrives.
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
    await rows.first().getByText('Was refused an action outside their role').waitFor();
    // The refused endpoint in words, not as its route (issue #42).
    expect(await rows.first().innerText()).toContain('API: adduser');
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe(`/api/admin/exportaudit?admin_id=${auditor.id}&area=permission`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows what was done to an administrator in a history dialog from their row', async () => {
    const helper = await adminWithRole('support', 'Hilda');
    const page = await owner.newPage();
    const problems = watchConsole(page);
    await page.goto('/account-setting?tab=admins');
    await hydrated(page);
    const row = page.locator('.app-list-table tbody tr', { hasText: 'Hilda Helper' });
    await row.getByRole('button', { name: 'Change role of Hilda Helper' }).click();
    const roleDialog = page.getByRole('dialog', { name: /^Role of / });
    await roleDialog.getByLabel('Role').selectOption('readonly');
    await roleDialog.getByRole('button', { name: 'Save role' }).click();
    await roleDialog.waitFor({ state: 'detached' });
    await rowAction(row, 'History of Hilda Helper');
    const dialog = page.getByRole('dialog', { name: 'History of Hilda Helper' });
    await dialog.getByText('Changed an administrator’s role').waitFor();
    expect(
      await dialog.getByRole('link', { name: 'Full history in the audit log' }).getAttribute('href'),
    ).toBe(`/audit?target=admins%3A${helper.id}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a user's edits, field by field, in their History panel and links to the rest", async () => {
    const [id] = await insertUsers([
      { firstName: 'Hester', lastName: 'Trail', email: 'hester.trail@example.test' },
    ]);
    const page = await owner.newPage();
    const problems = watchConsole(page);
    await page.goto(`/users?open=${id}`);
    await hydrated(page);
    const panel = page.getByRole('dialog', { name: 'User details' });
    await panel.getByRole('button', { name: 'Show history' }).click();
    await panel.getByText('Nothing recorded yet.').waitFor();
    await panel.getByRole('button', { name: 'Hide history' }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Edit Hester Trail' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    await edit.getByLabel('First name').fill('Hestia');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    await rowAction(
      page.locator('.app-list-table tbody tr').filter({ hasText: 'Hestia Trail' }),
      'Details of Hestia Trail',
    );
    await panel.getByRole('button', { name: 'Show history' }).click();
    const history = panel.getByRole('region', { name: 'History', exact: true });
    await history.getByText('Edited a user').waitFor();
    await history.getByText('First name: Hester → Hestia').waitFor();
    await history.getByRole('link', { name: 'Full history in the audit log' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/audit' && url.searchParams.get('target') === `users:${id}`,
    );
    await hydrated(page);
    await page.getByText(`Entries about: Hestia Trail (User #${id})`).waitFor();
    expect(await page.locator('.app-list-table tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: 'Show every entry' }).click();
    await page.waitForURL((url) => !url.searchParams.has('target'));
    expect(problems).toEqual([]);
    await page.close();
  });
});
