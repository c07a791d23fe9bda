import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import fr from '../../src/i18n/fr.json';
import ro from '../../src/i18n/ro.json';
import zh from '../../src/i18n/zh.json';
import { hydrated, launchChromium, signedInContext, watchConsole } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { seriousViolations } from '../support/accessibility';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The side menu's link texts, in the order the catalogue-driven menu shows them. */
const menuLinks = (catalogue: Record<string, string>) =>
  ['menu.dashboard', 'menu.users', 'menu.notifications', 'menu.puzzles', 'menu.helpCenter'].map(
    (key) => catalogue[key],
  );

async function navTexts(page: Page): Promise<string[]> {
  const texts = await page.locator('nav .app-menu-link[href]').allInnerTexts();
  return texts.map((text) => text.trim()).slice(0, 5);
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('the language menu in Chromium', () => {
  it('switches the shell to French by mouse, then to Chinese by keyboard, and keeps it on reload', async () => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/dashboard');
    await hydrated(page);
    expect(await htmlLang(page)).toBe('en');
    expect(await navTexts(page)).toEqual(menuLinks(en));

    const button = page.locator('header').getByRole('button', { name: en['language.label'] });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const french = page.getByRole('menuitemradio', { name: 'Français' });
    expect(await french.getAttribute('lang')).toBe('fr');
    await Promise.all([page.waitForEvent('load'), french.click()]);
    expect(await htmlLang(page)).toBe('fr');
    expect(await navTexts(page)).toEqual(menuLinks(fr));

    await page.reload();
    await hydrated(page);
    expect(await htmlLang(page)).toBe('fr');
    const checked = page.getByRole('menuitemradio', { checked: true, includeHidden: true });
    expect(await checked.getAttribute('lang')).toBe('fr');

    // Keyboard: the arrow opens on the current language; Escape closes and gives focus back.
    const frButton = page.locator('header').getByRole('button', { name: fr['language.label'] });
    await frButton.focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('lang'))).toBe('fr');
    await page.keyboard.press('Escape');
    expect(await frButton.getAttribute('aria-expanded')).toBe('false');
    expect(await frButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('中文');
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect(await htmlLang(page)).toBe('zh-CN');
    expect(await navTexts(page)).toEqual(menuLinks(zh));
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')).toMatchObject({
      value: 'zh',
      sameSite: 'Lax',
    });

    await page.reload();
    expect(await htmlLang(page)).toBe('zh-CN');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches the login page to Romanian', async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/');
    await hydrated(page);
    expect(await page.locator('h1').innerText()).toBe(en['login.title']);
    await page.getByRole('button', { name: en['language.label'] }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitemradio', { name: 'Română' }).click(),
    ]);
    expect(await htmlLang(page)).toBe('ro');
    expect(await page.locator('h1').innerText()).toBe(ro['login.title']);

    // A page restored from the back/forward cache after another tab or page chose French re-renders.
    // Playwright's Chromium runs without that cache, so the restore is simulated with its event.
    await Promise.all([
      page.waitForEvent('load'),
      page.evaluate(() => {
        document.cookie = 'locale=fr; Path=/';
        window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      }),
    ]);
    expect(await page.locator('h1').innerText()).toBe(fr['login.title']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves the information pages without the menu and without JavaScript', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/about');
    expect(await page.locator('[aria-haspopup="menu"]').count()).toBe(0);
    expect(await page.locator('script, astro-island').count()).toBe(0);
    await context.close();
  });

  it('has no serious or critical axe violations on the Chinese dashboard, menu closed or open', async () => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    await context.addCookies([{ name: 'locale', value: 'zh', url: server.url, sameSite: 'Lax' }]);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await hydrated(page);
    expect(await htmlLang(page)).toBe('zh-CN');
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('header').getByRole('button', { name: zh['language.label'] }).click();
    await page.getByRole('menu').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
