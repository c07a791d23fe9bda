import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, signedInContext } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Issue #42: no Chinese font shipped, so on a machine without system CJK fonts (this one) every
 * Chinese string was empty boxes. Pages in Chinese now link Noto Sans SC, sliced by unicode-range:
 * Chromium must draw their text with it, fetch only some slices, and other languages none.
 */

let server: TestServer;
let browser: Browser;
let admin: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  admin = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Whether Chromium drew `selector`'s text with a Noto Sans SC face, as it reports the fonts it used
 * (CDP, not a guess from CSS; a face is named from its file, e.g. "Noto Sans SC Thin Medium").
 */
async function drawnInNoto(page: Page, selector: string): Promise<boolean> {
  // CDP reports the fonts of a node's own text: mark the first element under `selector` that
  // holds Chinese text of its own.
  await page.evaluate((within) => {
    const holders = [...document.querySelectorAll(`${within}, ${within} *`)];
    const own = (element: Element) =>
      [...element.childNodes].some(
        (node) => node.nodeType === 3 && /\p{Script=Han}/u.test(node.textContent ?? ''),
      );
    holders.find(own)?.setAttribute('data-han', '');
  }, selector);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-han]' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.some((font) => font.familyName.startsWith('Noto Sans SC'));
}

async function visit(context: BrowserContext, path: string, locale: string) {
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  const page = await context.newPage();
  const slices: string[] = [];
  page.on('request', (request) => {
    if (/noto-sans-sc-.*\.woff2$/.test(request.url())) slices.push(request.url());
  });
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
  return { page, slices };
}

describe('Chinese in the shipped font', () => {
  it('draws a Chinese page’s headings and menu with Noto Sans SC, fetching a few slices', async () => {
    for (const path of ['/dashboard', '/users']) {
      const { page, slices } = await visit(admin, path, 'zh');
      expect(await page.locator('h1').innerText(), path).toMatch(/\p{Script=Han}/u);
      expect(await drawnInNoto(page, 'h1'), path).toBe(true);
      expect(await drawnInNoto(page, 'nav'), path).toBe(true);
      // Sliced: a page's characters need some of the hundreds of slices, never all of them.
      expect(slices.length, path).toBeGreaterThan(0);
      expect(slices.length, path).toBeLessThan(60);
      await page.close();
    }
    const guest = await browser.newContext({ baseURL: server.url });
    const { page } = await visit(guest, '/', 'zh');
    expect(await drawnInNoto(page, 'h1, h2')).toBe(true);
    await guest.close();
  });

  it('is not loaded in other languages', async () => {
    const { page, slices } = await visit(admin, '/dashboard', 'fr');
    expect(await page.locator('link[href*="cjk"]').count()).toBe(0);
    expect(slices).toEqual([]);
    await page.close();
  });
});
