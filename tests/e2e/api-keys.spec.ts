import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { appUsers, syncUsers } from '../support/api-keys';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { adminWithRole } from '../support/admins';
import { db } from '../../src/server/db/client';
import { roles } from '../../src/server/db/schema';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  token = await createTestSession();
  context = await signedInContext(browser, server.url, token);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const KEYS_TAB = '/account-setting?tab=keys';
const rows = (page: Page) => page.locator('.app-list-table tbody tr');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

/** Waits for the list to have answered (the table drops aria-busy). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('.app-list-table table')?.getAttribute('aria-busy') === 'false',
    null,
    { polling: 50 },
  );
}

describe('product API keys in Chromium', () => {
  it('creates a key, feeds users with it, shows them on /users, and revokes it', async () => {
    const page = await open(KEYS_TAB);
    const problems = watchConsole(page);
    await page.getByText('No API keys yet.').waitFor();

    await page.locator('.app-list-toolbar').getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create a product API key' });
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('This field is required.').waitFor();
    await form.getByLabel('Name').fill('Journey servers');
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText('It will not be shown again').waitFor();
    const key = await shown.getByLabel('API key').inputValue();
    expect(key).toMatch(/^pzk_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Key copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // A click beside the dialog does not lose the key; Done does close it.
    await page.mouse.click(5, 5);
    expect(await shown.isVisible()).toBe(true);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'hidden' });
    expect(await page.content()).not.toContain(key);

    await settled(page);
    const row = rowOf(page, 'Journey servers');
    await row.getByText(`${key.slice(0, 12)}…`).waitFor();
    expect(await row.innerText()).toMatch(/Active/);
    expect(await row.innerText()).toMatch(/Never/);
    // A new key may do everything unless boxes are unticked; the row says so in one word.
    expect(await row.innerText()).toContain('May: everything');

    // The product's server, with the key from the dialog.
    const fed = await syncUsers(server.url, key, { users: appUsers(3, 'journey') });
    expect(fed.status).toBe(200);
    expect(fed.body.ResponseBody).toMatchObject({ created: 3, rejected: [] });

    const usersPage = await open('/users?search=journey');
    expect(await rows(usersPage).count()).toBe(3);
    expect(await rows(usersPage).first().innerText()).toContain('journey.');
    await usersPage.close();

    await page.reload();
    await hydrated(page);
    expect(await rowOf(page, 'Journey servers').innerText()).not.toMatch(/Never/);
    await rowOf(page, 'Journey servers')
      .getByRole('button', { name: 'Revoke the key Journey servers' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await confirm.getByText('Journey servers').waitFor();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Key “Journey servers” revoked.').waitFor();
    await settled(page);
    await rowOf(page, 'Journey servers')
      .getByText(/Revoked/)
      .waitFor();
    expect(await rowOf(page, 'Journey servers').getByRole('button').count()).toBe(0);

    expect((await syncUsers(server.url, key, { users: appUsers(1, 'late') })).status).toBe(401);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends exactly the ticked scopes: none ticked is an error and sends nothing; one ticked is listed alone', async () => {
    const page = await open(KEYS_TAB);
    const problems = watchConsole(page);
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/addapikey')) sent.push(request.postDataJSON());
    });
    await page.locator('.app-list-toolbar').getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create a product API key' });
    await form.getByLabel('Name').fill('Ticked one');
    const boxes = form.getByRole('checkbox');
    expect(await boxes.count()).toBe(6);
    for (const box of await boxes.all()) await box.uncheck();
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByText('Choose at least one thing the key may do.').waitFor();
    expect(sent).toEqual([]);

    await form.getByLabel('Record games').check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByRole('button', { name: 'Done' }).click();
    expect(sent).toEqual([{ name: 'Ticked one', scopes: ['games.write'] }]);
    await settled(page);
    expect(await rowOf(page, 'Ticked one').innerText()).toContain('May: Record games');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('greys out the scopes a maker may not give, saying what they need, and ticks only the others', async () => {
    const key = 'custom-keys-and-games';
    await (
      await db()
    )
      .insert(roles)
      .values({ key, name: 'Keys and games', permissions: ['apikeys.manage', 'games.view'] });
    const maker = await adminWithRole(key, 'Gina');
    const own = await signedInContext(browser, server.url, maker.token);
    const page = await own.newPage();
    await page.goto(KEYS_TAB);
    await hydrated(page);
    await page.locator('.app-list-toolbar').getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create a product API key' });
    await form.getByText('Greyed-out ones need permissions your role does not have.').waitFor();
    const users = form.getByRole('checkbox', { name: /^Add and update users/ });
    expect(await users.isDisabled()).toBe(true);
    expect(await users.isChecked()).toBe(false);
    expect(await form.getByText(/Add and update users \(needs: /).innerText()).toContain('Block');
    expect(await form.getByRole('checkbox', { name: 'Record games' }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { disabled: false }).count()).toBe(1);
    await form.getByLabel('Name').fill('Gina games');
    await form.getByRole('button', { name: 'Create key' }).click();
    await page
      .getByRole('dialog', { name: 'Your new API key' })
      .getByRole('button', { name: 'Done' })
      .click();
    await settled(page);
    expect(await rowOf(page, 'Gina games').innerText()).toContain('May: Record games');
    await own.close();
  });

  // The tab itself is swept in every-page.spec.ts.
  it("has no serious axe finding in the new key's dialog, in light LTR and dark RTL", async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await open(KEYS_TAB);
      await page.locator('.app-list-toolbar').getByRole('button', { name: 'Create key' }).click();
      const form = page.getByRole('dialog', { name: 'Create a product API key' });
      await form.getByLabel('Name').fill(`Axe ${JSON.stringify(look)}`);
      await form.getByRole('button', { name: 'Create key' }).click();
      await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} key ${finding}`,
        ),
      );
      await page.close();
    }
    expect(findings).toEqual([]);
  });
});
