import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext } from '../support/browser';
import { editor, languagePicker, openEditor, save, storePage } from '../support/cms-editor';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const token = await createTestSession();
  context = await signedInContext(browser, server.url, token);
  // An English version, so "no version yet" appears only once another language is open.
  await storePage(server.url, token, {
    slug: 'about-us',
    title: 'About us',
    content: '<p>We make puzzles.</p>',
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('CMS: language versions', () => {
  it('keeps a language picked while the page still loads, and puts it back when a switch is cancelled', async () => {
    // A slowed-down browser, so the pick lands before React listens (at the first bytes) or
    // while it hydrates (once the document is parsed).
    for (const waitUntil of ['commit', 'domcontentloaded'] as const) {
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 12 });
      await page.goto('/aboutus', { waitUntil });
      await languagePicker(page).selectOption('ro');
      await page.getByText('This language has no version yet').waitFor();
      await page.waitForURL((url) => url.searchParams.get('lang') === 'ro');
      expect(await languagePicker(page).inputValue()).toBe('ro');
      await page.close();
    }

    const page = await openEditor(context, '/aboutus?lang=ro');
    await editor(page).click();
    await page.keyboard.type('Nescris.');
    await languagePicker(page).selectOption('zh');
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await languagePicker(page).inputValue()).toBe('ro');
    expect(await editor(page).textContent()).toContain('Nescris.');
    await page.close({ runBeforeUnload: false });
  });

  it('edits another language version, which French visitors then read', async () => {
    const page = await openEditor(context);
    await languagePicker(page).selectOption('fr');
    await page.getByText('This language has no version yet').waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('fr');
    await page.getByLabel('Title').fill('À propos');
    await editor(page).click();
    await page.keyboard.type('Nous créons des jeux.');
    await save(page);
    await page.close();
    const visitor = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
    const about = await visitor.newPage();
    await about.goto('/about');
    await about.getByRole('heading', { level: 1, name: 'À propos' }).waitFor();
    await about.getByText('Nous créons des jeux.').waitFor();
    await visitor.close();
  });
});
