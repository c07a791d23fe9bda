import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import {
  editor,
  languagePicker,
  openEditor as openCmsEditor,
  save,
  saveDraft,
  storedPage,
  storePage,
  tool,
  visitSignedOut,
} from '../support/cms-editor';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { hasControlCharacter } from '../../src/lib/control-characters';

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

const openEditor = (path?: string) => openCmsEditor(context, path);

const visit = (path: string) => visitSignedOut(browser, server.url, path);

describe('CMS: About Us', () => {
  it('edits About Us with formatting, saves it, and a signed-out visitor reads it on /about', async () => {
    const page = await openEditor();
    const problems = watchConsole(page);
    await page.getByText('This page has no text yet').waitFor();
    await page.getByLabel('Title').fill('About our team');
    await editor(page).click();
    await page.keyboard.type('Who we are');
    await tool(page, 'Heading').click();
    expect(await tool(page, 'Heading').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('We make ');
    await tool(page, 'Bold').click();
    await page.keyboard.type('bold puzzles');
    expect(await tool(page, 'Bold').getAttribute('aria-pressed')).toBe('true');
    await tool(page, 'Bold').click();
    await page.keyboard.type(' for everyone.');
    await page.keyboard.press('Enter');
    await tool(page, 'Bulleted list').click();
    await page.keyboard.type('Sudoku');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Crosswords');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Visit us');
    await page.keyboard.press('Shift+Home');
    await tool(page, 'Link').click();
    await page.getByLabel('Link address').fill('https://example.org/team');
    await page.getByLabel('Link address').press('Enter');
    await editor(page).getByRole('link', { name: 'Visit us' }).waitFor();
    // The editor takes the focus back (with "Visit us" still selected) before the caret moves on.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('textbox');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await tool(page, 'Insert a table').click();
    await page.locator('.app-rte-content th').first().click();
    await page.keyboard.type('Game');
    // The preview shows the unsaved text.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page
      .getByRole('region', { name: 'Preview' })
      .locator('strong', { hasText: 'bold puzzles' })
      .waitFor();
    await save(page);
    await page.getByText(/Last updated by .* on /).waitFor();

    const stored = (await storedPage())!;
    expect(stored.title).toBe('About our team');
    expect(stored.content).toContain('<h2>Who we are</h2>');
    expect(stored.content).toMatch(/<strong>bold puzzles<\/strong>/);
    expect(stored.content).toMatch(/<ul><li>(<p>)?Sudoku/);
    expect(stored.content).toContain(
      '<a href="https://example.org/team" rel="noopener noreferrer">Visit us</a>',
    );
    expect(stored.content).toMatch(/<table><tbody><tr><th>(<p>)?Game/);
    expect(problems).toEqual([]);
    await page.close();

    const { visitor, page: about, problems: aboutProblems, dialogs } = await visit('/about');
    const article = about.locator('article');
    await article.getByRole('heading', { level: 1, name: 'About our team' }).waitFor();
    await article.locator('strong', { hasText: 'bold puzzles' }).waitFor();
    expect(await article.getByRole('listitem').allTextContents()).toEqual(['Sudoku', 'Crosswords']);
    expect(await article.getByRole('link', { name: 'Visit us' }).getAttribute('href')).toBe(
      'https://example.org/team',
    );
    await article.getByRole('columnheader', { name: 'Game' }).waitFor();
    expect(await about.locator('script').count()).toBe(0);
    expect([...aboutProblems, ...dialogs]).toEqual([]);
    await visitor.close();
  });

  it('restores an earlier revision after showing its differences', async () => {
    const page = await openEditor();
    await page.getByLabel('Title').fill('About the team, revised');
    await editor(page).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('A new closing line.');
    await save(page);
    const revisions = page
      .getByRole('region', { name: 'Revisions' })
      .or(page.locator('section[aria-labelledby="cms-revisions"]'));
    await revisions.getByRole('row').nth(2).waitFor();
    expect(await revisions.locator('tbody tr').count()).toBe(2);
    // The older save: what it lacks of the current text is marked added, in words and not by colour alone.
    // Revisions are numbered, and "View" brings the one viewed on screen with the focus on its heading.
    const numbers = await revisions.locator('tbody tr td:first-child').allTextContents();
    expect(numbers).toEqual([expect.stringMatching(/^#\d+$/), expect.stringMatching(/^#\d+$/)]);
    await revisions.locator('tbody tr').nth(1).getByRole('button', { name: /^View/ }).click();
    await page.getByText('Changes from this revision to the current text').waitFor();
    const viewed = page.getByRole('heading', {
      level: 3,
      name: `Revision ${numbers[1]!.slice(1)} of`,
      exact: false,
    });
    await expect.poll(() => viewed.evaluate((heading) => heading === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        viewed.evaluate((heading) => {
          const { top, bottom } = heading.getBoundingClientRect();
          return top >= 0 && bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    // The text's changes are marked in the current version as drawn; the title's word by word.
    const added = page.locator('.app-cms-formatted-diff[data-side="after"] ins');
    expect(await added.allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('closing line')]),
    );
    expect(await added.first().evaluate((mark) => getComputedStyle(mark, '::before').content)).toBe(
      '"added: "',
    );
    expect(await page.locator('.app-cms-diff ins .visually-hidden').first().textContent()).toBe('added: ');
    expect(await page.locator('.app-cms-diff').first().textContent()).toContain('revised');

    await page.getByRole('button', { name: 'Restore this revision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore this revision?' });
    await dialog.getByRole('button', { name: 'Restore this revision' }).click();
    await page.locator('.app-snackbar', { hasText: 'Revision restored.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Title').inputValue()).toBe('About our team');
    expect(await editor(page).textContent()).not.toContain('closing line');
    await revisions.getByText(/Restored from revision \d+/).waitFor();
    expect(await revisions.locator('tbody tr').count()).toBe(3);
    expect((await storedPage())!.title).toBe('About our team');
    await page.close();
  });

  it('warns before leaving with unsaved changes, by a link or by closing the page', async () => {
    // Nothing changed (the text holds a table, which the editor normalises on load): a link just goes.
    const unchanged = await openEditor();
    await editor(unchanged).click();
    await unchanged.locator('#app-drawer').getByRole('link', { name: 'Dashboard' }).click();
    await unchanged.waitForURL((url) => url.pathname === '/dashboard');
    await unchanged.close();

    const page = await openEditor();
    await editor(page).click();
    await page.keyboard.type(' Unsaved words.');
    await page.locator('#app-drawer').getByRole('link', { name: 'Dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/aboutus');

    const prompts: string[] = [];
    page.on('dialog', (native) => {
      prompts.push(native.type());
      void native.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => prompts).toEqual(['beforeunload']);

    const again = await openEditor();
    await editor(again).click();
    await again.keyboard.type(' More.');
    await again.locator('#app-drawer').getByRole('link', { name: 'Dashboard' }).click();
    await again
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await again.waitForURL((url) => url.pathname === '/dashboard');
    await again.close();
  });

  it('shows a page saved with the XSS corpus without running any of it', async () => {
    await storePage(server.url, token, {
      slug: 'about-us',
      title: 'XSS corpus',
      // Payloads with control characters are refused at the API (tests/api/cms.test.ts).
      content: XSS_PAYLOADS.filter((payload) => !hasControlCharacter(payload.html))
        .map((payload) => `<p>${payload.technique}</p>${payload.html}`)
        .join(''),
    });
    const { visitor, page, problems, dialogs } = await visit('/about');
    await page.getByRole('heading', { name: 'XSS corpus' }).waitFor();
    // Hover and click through the article, where handlers would have fired.
    for (const element of await page.locator('article *').all())
      await element.hover({ force: true, timeout: 1000 }).catch(() => {});
    await page.waitForTimeout(300);
    expect([...problems, ...dialogs]).toEqual([]);
    await visitor.close();

    // The editor loads the same text into Lexical and the preview without running it either.
    const editorPage = await openEditor();
    const editorProblems = watchConsole(editorPage);
    const editorDialogs: string[] = [];
    editorPage.on('dialog', (dialog) => {
      editorDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await editorPage.getByRole('button', { name: 'Preview' }).click();
    await editorPage.waitForTimeout(300);
    expect([...editorProblems, ...editorDialogs]).toEqual([]);
    await editorPage.close();
  });

  it('has no serious axe finding in light LTR and dark RTL, editor and public page', async () => {
    await storePage(server.url, token, {
      slug: 'about-us',
      title: 'About our team',
      content:
        '<h2>Who</h2><p>We <strong>make</strong> puzzles.</p><table><tbody><tr><th>Game</th></tr><tr><td>Sudoku</td></tr></tbody></table>',
    });
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await openEditor();
      await page.getByRole('button', { name: 'Preview' }).click();
      await page
        .locator('section[aria-labelledby="cms-revisions"] tbody tr')
        .first()
        .getByRole('button', { name: /^View/ })
        .click();
      await page.getByText('Changes from this revision to the current text').waitFor();
      // The table tools and a refused link address are on screen too.
      await page.locator('.app-rte-content th').first().click();
      await page.getByRole('group', { name: 'Table' }).waitFor();
      await tool(page, 'Link').click();
      await page.getByLabel('Link address').fill('https://');
      await page.getByLabel('Link address').press('Enter');
      await page.getByText(/^Link address: enter a full web address/).waitFor();
      findings.push(
        ...(await seriousViolations(page)).map((finding) => `${JSON.stringify(look)} editor ${finding}`),
      );
      await page.close();
      const visitor = await browser.newContext({ baseURL: server.url });
      await withUiSettings(visitor, server.url, look);
      const about = await visitor.newPage();
      await about.goto('/about');
      findings.push(
        ...(await seriousViolations(about)).map((finding) => `${JSON.stringify(look)} /about ${finding}`),
      );
      await visitor.close();
    }
    expect(findings).toEqual([]);
  });
});

describe('CMS: publishing model', () => {
  /** Where an element is on screen: whether it is wholly in the window. */
  const inView = (locator: Locator) =>
    locator.evaluate((element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return top >= 0 && bottom <= window.innerHeight && left >= 0 && right <= window.innerWidth;
    });
  const paragraphs = Array.from({ length: 40 }, (_, n) => `<p>Paragraph ${n + 1} of the terms.</p>`);

  it('saves a draft visitors do not see, previews and publishes it, diffs it formatted, and copies English into a translation', async () => {
    await storePage(server.url, token, {
      slug: 'terms-and-conditions',
      title: 'Terms',
      content: `<h2>Using the game</h2><p>Play fair.</p>${paragraphs.join('')}`,
    });
    const page = await openEditor('/termsandcondition');
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const problems = watchConsole(page);
    // A formatting change (the heading's first word made bold) and a new sentence.
    await editor(page).click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+Control+ArrowRight');
    await tool(page, 'Bold').click();
    await expect.poll(() => editor(page).locator('h2 strong').count()).toBe(1);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Drafted sentence.');
    // Far down a long page, the toolbar and the action bar are still in view.
    expect(await inView(page.getByRole('toolbar', { name: 'Formatting' }))).toBe(true);
    const actions = page.getByRole('group', { name: 'Save or publish' });
    expect(await inView(actions)).toBe(true);
    // Preview and the save buttons share one line.
    const lines = () =>
      actions
        .getByRole('button', { name: /^(Preview|Save draft|Publish)$/ })
        .evaluateAll(
          (buttons) => new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top))).size,
        );
    expect(await lines()).toBe(1);
    await saveDraft(page);
    await page.getByText(/Draft saved by .*; visitors still read/).waitFor();

    const { visitor, page: terms } = await visit('/teams-condition');
    expect(await terms.locator('article').textContent()).not.toContain('Drafted sentence');
    await visitor.close();

    // The draft is what the editor reopens; Preview shows it; Publish makes it public.
    await page.reload();
    await hydrated(page);
    expect(await editor(page).textContent()).toContain('Drafted sentence.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('region', { name: 'Preview' }).getByText('Drafted sentence.').waitFor();
    await save(page);
    expect(await page.getByText(/visitors still read the published text/).count()).toBe(0);
    const { visitor: later, page: published } = await visit('/teams-condition');
    expect(await published.locator('article').textContent()).toContain('Drafted sentence.');
    await later.close();

    // The revision before it, drawn side by side with the current text, changes marked.
    const revisions = page.locator('section[aria-labelledby="cms-revisions"]');
    await revisions.locator('tbody tr').nth(1).waitFor();
    await revisions.locator('tbody tr').nth(1).getByRole('button', { name: /^View/ }).click();
    const before = page.locator('.app-cms-formatted-diff[data-side="before"]');
    const after = page.locator('.app-cms-formatted-diff[data-side="after"]');
    await after.waitFor();
    await before
      .getByRole('heading', { level: 2 })
      .locator('del.app-diff-format', { hasText: 'Using' })
      .waitFor();
    await after.locator('h2 strong ins.app-diff-format', { hasText: 'Using' }).waitFor();
    expect(await after.locator('ins').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Drafted sentence')]),
    );

    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      await page.reload();
      await hydrated(page);
      await revisions.locator('tbody tr').nth(1).getByRole('button', { name: /^View/ }).click();
      await after.waitFor();
      // "View" scrolls smoothly to the revision: rows gliding under a still pointer get hovered and
      // fade, and axe would judge a colour halfway. The pointer rests on the header instead.
      await page.mouse.move(1, 1);
      findings.push(
        ...(await seriousViolations(page)).map((finding) => `${JSON.stringify(look)} ${finding}`),
      );
    }
    await withUiSettings(context, server.url, {});
    expect(findings).toEqual([]);

    // At 390 px every revision's View button is on screen, not cut off by its table.
    await page.setViewportSize({ width: 390, height: 800 });
    const view = revisions.locator('tbody tr').first().getByRole('button', { name: /^View/ });
    await view.scrollIntoViewIfNeeded();
    expect(await inView(view)).toBe(true);
    expect(await lines()).toBe(1);

    // French starts from the English text, kept as its draft: French visitors still read English.
    await page.setViewportSize({ width: 1440, height: 900 });
    await languagePicker(page).selectOption('fr');
    await page.getByRole('button', { name: 'Copy from English' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start from the English text?' });
    await dialog.getByRole('button', { name: 'Copy from English' }).click();
    await page.locator('.app-snackbar', { hasText: 'Draft saved.' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Title').inputValue()).toBe('Terms');
    await expect.poll(() => editor(page).textContent()).toContain('Drafted sentence.');
    await page.getByText(/Draft saved by .*; visitors still read/).waitFor();
    // Discarding the draft goes back to the (empty) French version.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await page
      .getByRole('dialog', { name: 'Discard the draft?' })
      .getByRole('button', { name: 'Discard draft' })
      .click();
    await page.locator('.app-snackbar', { hasText: 'Draft discarded.' }).waitFor();
    expect(await editor(page).textContent()).not.toContain('Drafted sentence');
    expect(problems).toEqual([]);
    await page.close();
  });
});
