import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchChromium, signedInContext, watchConsole } from '../support/browser';
import { editor, save, storedPage, storePage, tool } from '../support/cms-editor';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

// The editor's Lexical is fetched on the page's first interaction (RichTextEditor.tsx): until it
// arrives the server's drawing of the text stands in, and what is done to it meanwhile is kept.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  token = await createTestSession();
  context = await signedInContext(browser, server.url, token);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

describe('CMS editor: loaded on first use', () => {
  /** Opens the terms editor with the editor's script held at the door until `release`, so what happens before it is certain. */
  async function openWithEditorHeld() {
    const page = await context.newPage();
    const problems = watchConsole(page);
    let fetched = 0;
    let open!: () => void;
    const arrived = new Promise<void>((resolve) => (open = resolve));
    await page.route(/rich-text-engine/, async (route) => {
      fetched += 1;
      await arrived;
      await route.continue();
    });
    await page.goto('/termsandcondition');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const release = async () => {
      open();
      await page.locator('.app-rte-content[data-lexical-editor]').waitFor();
    };
    return { page, problems, fetched: () => fetched, release };
  }

  it('shows the text without the editor script, and keeps what is typed, selected and pressed before it arrives', async () => {
    await storePage(server.url, token, {
      slug: 'terms-and-conditions',
      title: 'Terms',
      content: '<p>We make puzzles.</p><p>Every day.</p>',
    });
    const { page, problems, fetched, release } = await openWithEditorHeld();
    expect(fetched()).toBe(0);

    await editor(page).getByText('We make puzzles.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Daily');
    // A save now would send what was typed.
    expect(await page.locator('input[name="content"]').inputValue()).toContain('We make puzzles. Daily');
    // The words just written, selected and made bold; the line made a heading.
    await page.keyboard.press('Shift+Home');
    await tool(page, 'Bold').click();
    await tool(page, 'Heading').click();
    expect(await editor(page).getAttribute('data-lexical-editor')).toBeNull();
    expect(fetched()).toBe(1);
    await release();
    await editor(page).getByRole('heading', { level: 2, name: 'We make puzzles. Daily' }).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type('!');
    await save(page);
    const stored = await storedPage('terms-and-conditions');
    expect(stored!.content).toBe('<h2><strong>We make puzzles. Daily!</strong></h2><p>Every day.</p>');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps a caret put at the start of a paragraph there', async () => {
    const { page, problems, release } = await openWithEditorHeld();
    await editor(page).getByText('Every day.').click();
    await page.keyboard.press('Home');
    await release();
    await page.keyboard.type('X');
    await editor(page).getByText('XEvery day.').waitFor();
    expect(await editor(page).getByRole('heading', { level: 2 }).textContent()).toBe(
      'We make puzzles. Daily!',
    );
    expect(problems).toEqual([]);
    await page.close({ runBeforeUnload: false });
  });
});
