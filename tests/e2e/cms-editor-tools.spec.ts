import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext, watchConsole } from '../support/browser';
import {
  editor,
  openEditor as openCmsEditor,
  save,
  storedPage,
  tool,
  visitSignedOut,
} from '../support/cms-editor';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

// The editor's own tools, on the Privacy Policy page: links and tables (the page's lifecycle, from
// editing to revisions, is in cms.spec.ts).

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const openEditor = (path?: string) => openCmsEditor(context, path);
const visit = (path: string) => visitSignedOut(browser, server.url, path);

describe('CMS editor: links and tables', () => {
  const linkBox = (page: Page) => page.getByLabel('Link address');

  it('refuses a link address that is not one, applies a real one, and clicking it never throws', async () => {
    const page = await openEditor('/privacyandpolicy');
    const problems = watchConsole(page);
    // The editor's script arrives late, as on a loaded CI machine: the words selected before it
    // came must still be the ones linked (the link form waits for it, so the selection is carried).
    await page.route(/rich-text-engine\.[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await editor(page).click();
    await page.keyboard.type('Read the rules');
    await page.keyboard.press('Shift+Home');
    await tool(page, 'Link').click();
    // The box starts empty; the example is only a placeholder.
    expect(await linkBox(page).inputValue()).toBe('');
    expect(await linkBox(page).getAttribute('placeholder')).toContain('https://example.org/');
    await linkBox(page).fill('https://');
    await linkBox(page).press('Enter');
    await page.getByText(/^Link address: enter a full web address/).waitFor();
    expect(await linkBox(page).getAttribute('aria-invalid')).toBe('true');
    expect(await editor(page).getByRole('link').count()).toBe(0);
    await page.getByRole('button', { name: 'Apply link' }).click();
    expect(await editor(page).getByRole('link').count()).toBe(0);

    await linkBox(page).fill('https://example.org/rules');
    await linkBox(page).press('Enter');
    const link = editor(page).getByRole('link', { name: 'Read the rules' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://example.org/rules');
    // A link in the text being edited is text: clicking it places the caret, without an error.
    await link.click();
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/privacyandpolicy');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('puts the caret in a new table, adds and deletes rows and columns, and the public page shows it', async () => {
    const page = await openEditor('/privacyandpolicy');
    const problems = watchConsole(page);
    const tableTools = page.getByRole('group', { name: 'Table' });
    const rows = page.locator('.app-rte-content tr');
    const headerCells = rows.first().locator('th');
    await page.getByLabel('Title').fill('Privacy prices');
    await editor(page).click();
    await page.keyboard.type('Prices');
    await page.keyboard.press('Enter');
    expect(await tableTools.count()).toBe(0);
    await tool(page, 'Insert a table').click();
    // The caret is in the first cell: typing fills it.
    await page.keyboard.type('Game');
    expect(await headerCells.first().textContent()).toBe('Game');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Price');
    await tableTools.waitFor();

    // The tools are keyboard buttons: reached by focus, pressed with Enter, the cell stays selected.
    await tableTools.getByRole('button', { name: 'Insert a row below' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(4);
    await tableTools.getByRole('button', { name: 'Insert a column after' }).click();
    await expect.poll(() => headerCells.count()).toBe(4);
    await headerCells.nth(2).click();
    await tableTools.getByRole('button', { name: 'Delete this column' }).click();
    await expect.poll(() => headerCells.count()).toBe(3);
    expect(await headerCells.allTextContents()).toEqual(['Game', 'Price', '']);
    await rows.nth(3).locator('td').first().click();
    await page.keyboard.type('Sudoku');
    await rows.nth(2).locator('td').first().click();
    await tableTools.getByRole('button', { name: 'Delete this row' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    await save(page);
    const stored = await storedPage('privacy-policy');
    expect(stored!.content.match(/<tr>/g)).toHaveLength(3);
    expect(problems).toEqual([]);

    // Deleting the table takes its tools with it; the caret goes on in the text beside it.
    await headerCells.first().click();
    await tableTools.getByRole('button', { name: 'Delete the table' }).click();
    await expect.poll(() => rows.count()).toBe(0);
    expect(await tableTools.count()).toBe(0);
    await page.keyboard.type('After');
    expect(await editor(page).textContent()).toContain('After');
    expect(problems).toEqual([]);
    await page.close({ runBeforeUnload: false });

    const { visitor, page: policy, problems: policyProblems } = await visit('/privacy-policy');
    const article = policy.locator('article');
    await article.getByRole('columnheader', { name: 'Game' }).waitFor();
    await article.getByRole('columnheader', { name: 'Price' }).waitFor();
    expect(await article.getByRole('row').count()).toBe(3);
    await article.getByRole('cell', { name: 'Sudoku' }).waitFor();
    expect(policyProblems).toEqual([]);
    await visitor.close();
  });
});
