import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import type { UiSettings } from '../../src/shared/settings/ui-settings';
import { AXE_LOOKS, lookName, seriousViolations } from '../support/accessibility';
import { launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Issue #42's shell: below 1280 px the side menu is the mini rail unless the admin pins it open
 * (a look setting, painted by the server), and Berry's look: a tinted page under raised, rounded
 * cards, in light and dark.
 */

let server: TestServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  token = await createTestSession();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

async function open(
  width: number,
  settings: Partial<UiSettings> = {},
  javaScriptEnabled = true,
): Promise<Opened> {
  const context = await signedInContext(browser, server.url, token);
  await withUiSettings(context, server.url, settings);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width, height: 800 });
  if (!javaScriptEnabled) {
    // A page whose scripts never run paints only what the server sent: the state on first paint.
    await page.route('**/*.js', (route) => route.abort());
  }
  return { context, page, problems };
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
};

const savedPin = async (context: BrowserContext) => {
  const ui = (await context.cookies()).find((cookie) => cookie.name === 'ui');
  return ui ? (JSON.parse(decodeURIComponent(ui.value)) as UiSettings).menuPinned : undefined;
};

describe('the side menu below 1280 px', () => {
  it('is the rail at 1024 px on first paint, before any script runs, and the content takes the width', async () => {
    const { context, page } = await open(1024, {}, false);
    const response = await page.goto('/users');
    expect(await response?.text()).toMatch(/<html[^>]*data-menu-pinned="false"/);
    expect((await box(page.locator('#app-drawer'))).width).toBe(72);
    expect((await box(page.locator('#main'))).x).toBe(72);
    await context.close();
  });

  it('pins open at 1024 px, stays pinned after a reload, and unpins', async () => {
    const { context, page, problems } = await open(1024);
    await page.goto('/users');
    const drawer = page.locator('#app-drawer');
    const pin = page.getByRole('button', { name: en['menu.pin'], exact: true });
    const tooltip = page.locator('.app-menu-tooltip');
    expect((await box(drawer)).width).toBe(72);
    expect(await pin.getAttribute('aria-pressed')).toBe('false');
    // On the rail each icon keeps its name, and says it beside the rail on keyboard focus.
    const nav = drawer.locator('nav.app-menu');
    expect(await nav.getByRole('link', { name: en['menu.users'], exact: true }).count()).toBe(1);
    await nav.locator('a[href="/dashboard"]').focus();
    await page.keyboard.press('Tab');
    expect(await tooltip.textContent()).toBe(en['menu.users']);
    expect(await tooltip.isVisible()).toBe(true);
    const rail = await seriousViolations(page);

    await pin.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => document.querySelector('#app-drawer')?.getBoundingClientRect().width === 260,
    );
    expect((await box(page.locator('#main'))).x).toBe(260);
    expect(await pin.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => savedPin(context)).toBe(true);

    // The next page is painted pinned by the server: no rail first, then the menu.
    const response = await page.reload();
    expect(await response?.text()).toMatch(/<html[^>]*data-menu-pinned="true"/);
    expect((await box(drawer)).width).toBe(260);
    expect(await pin.getAttribute('aria-pressed')).toBe('true');
    const title = nav.locator('a[href="/users"] .app-menu-title');
    expect((await box(title)).width).toBeGreaterThan(60);
    const pinned = await seriousViolations(page);

    await pin.click();
    await page.waitForFunction(
      () => document.querySelector('#app-drawer')?.getBoundingClientRect().width === 72,
    );
    await expect.poll(() => savedPin(context)).toBe(false);
    expect({ rail, pinned }).toEqual({ rail: [], pinned: [] });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('pins from the settings drawer too, the rail’s pin following', async () => {
    const { context, page, problems } = await open(1024);
    await page.goto('/dashboard');
    await page.locator('[data-settings-open]').click();
    const pinned = page.getByRole('switch', { name: en['settings.menuPinned'], exact: true });
    expect(await pinned.isChecked()).toBe(false);
    await pinned.check();
    await page.waitForFunction(
      () => document.querySelector('#app-drawer')?.getBoundingClientRect().width === 260,
    );
    expect(await page.locator('[data-menu-pin]').getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(page, { within: '.app-settings' })).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is the full menu from 1280 px, where the pin has nothing to change and is not shown', async () => {
    const { context, page } = await open(1280);
    await page.goto('/dashboard');
    expect((await box(page.locator('#app-drawer'))).width).toBe(260);
    expect(await page.locator('[data-menu-pin]').isVisible()).toBe(false);
    // Resized under it, the same page becomes the rail, the pin in sight.
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.waitForFunction(
      () => document.querySelector('#app-drawer')?.getBoundingClientRect().width === 72,
    );
    expect(await page.locator('[data-menu-pin]').isVisible()).toBe(true);
    await context.close();
  });

  it('opens on the right edge under RTL, the content beside it', async () => {
    const { context, page } = await open(1024, { direction: 'rtl', mode: 'dark' });
    await page.goto('/users');
    const drawer = await box(page.locator('#app-drawer'));
    expect(drawer.x + drawer.width).toBe(1024);
    expect(drawer.width).toBe(72);
    const main = await box(page.locator('#main'));
    expect(main.x + main.width).toBeLessThanOrEqual(1024 - 72);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the look', () => {
  it.each(AXE_LOOKS)('puts the content on raised, rounded cards over a tinted page (%o)', async (look) => {
    const { context, page, problems } = await open(1440, look);
    await page.goto('/dashboard');
    const styles = await page.evaluate(() => {
      const main = getComputedStyle(document.querySelector('#main')!);
      const card = getComputedStyle(document.querySelector('#main .card')!);
      const body = getComputedStyle(document.body);
      return {
        page: main.backgroundColor,
        pageToken: getComputedStyle(document.documentElement).getPropertyValue('--app-page-bg').trim(),
        body: body.backgroundColor,
        card: card.backgroundColor,
        cardShadow: card.boxShadow,
        cardRadius: parseFloat(card.borderTopLeftRadius),
        cardBorder: card.borderTopColor,
      };
    });
    expect(styles.page).not.toBe(styles.body);
    expect(styles.page).not.toBe('rgba(0, 0, 0, 0)');
    expect(styles.card).toBe(styles.body);
    expect(styles.cardShadow).not.toBe('none');
    // The radius setting's (10 px by default; theme.spec.ts follows the setting).
    expect(styles.cardRadius).toBe(10);
    expect(styles.cardBorder).toBe('rgba(0, 0, 0, 0)');
    expect(await seriousViolations(page), lookName(look)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
