import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

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

describe('the shell in Chromium', () => {
  it('shows the login page signed out, cleanly under the CSP', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/users');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByLabel(/email/i).isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders every menu route inside the shell with the active item marked', async () => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/aboutus');
    const current = page.locator('nav.app-menu a[aria-current="page"]');
    expect(await current.getAttribute('href')).toBe('/aboutus');
    // The active route opens its parent collapse.
    expect(await current.evaluate((link) => link.closest('details')?.open)).toBe(true);
    expect(await page.locator('h1').count()).toBe(1);

    await page.getByRole('link', { name: /user management/i }).click();
    await page.waitForURL('**/users');
    expect(await page.locator('nav.app-menu a[aria-current="page"]').getAttribute('href')).toBe('/users');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('paints icons from the stylesheet, as the server drew them and once hydrated', async () => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    const page = await context.newPage();
    const paint = () =>
      page.evaluate(() => {
        const style = (selector: string) => {
          const icon = document.querySelector(selector);
          if (!icon) throw new Error(`no ${selector}`);
          const { stroke, strokeWidth, fill, strokeLinecap, color } = getComputedStyle(icon);
          return { currentColor: stroke === color, strokeWidth, fill, strokeLinecap };
        };
        return { row: style('table svg.tabler-icon'), menu: style('nav.app-menu svg.app-menu-icon') };
      });
    const expected = {
      row: { currentColor: true, strokeWidth: '2px', fill: 'none', strokeLinecap: 'round' },
      menu: { currentColor: true, strokeWidth: '1.5px', fill: 'none', strokeLinecap: 'round' },
    };
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/users');
    expect(await paint()).toEqual(expected);
    await page.unroute('**/_astro/*.js');
    await page.reload();
    await hydrated(page);
    expect(await paint()).toEqual(expected);
    await context.close();
  });

  it('runs the bundled drawer script under the CSP (small screens: overlay toggles)', async () => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    const page = await context.newPage();
    await page.setViewportSize({ width: 600, height: 800 });
    const problems = watchConsole(page);
    await page.goto('/dashboard');
    const toggle = page.locator('[data-drawer-toggle]');
    await page.waitForFunction(
      () => document.querySelector('[data-drawer-toggle]')?.getAttribute('aria-expanded') === 'false',
    );
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the account menu from the avatar by keyboard and mouse, and signs out from it', async () => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    const page = await context.newPage();
    await page.goto('/dashboard');
    // Before hydration Sign out is a plain form post; after it, it asks first.
    await hydrated(page);
    const toggle = page.locator('summary', { hasText: 'Your account' });
    const items = page.locator('.app-account-panel').getByRole('listitem');
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await items.allInnerTexts()).toEqual(['Profile', 'Account Settings', 'Sign out']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Profile');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByRole('link', { name: 'Profile' }).isVisible()).toBe(false);
    await toggle.click();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    expect(await page.getByRole('link', { name: 'Profile' }).isVisible()).toBe(false);

    await toggle.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The header asks first (tests/e2e/auth.spec.ts covers the dialog).
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('keeps every header control on screen on a 360 px phone, in every language and direction', async () => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    for (const locale of ['en', 'fr', 'ro', 'zh']) {
      for (const direction of ['ltr', 'rtl'] as const) {
        await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
        await withUiSettings(context, server.url, { direction });
        await page.goto('/dashboard');
        const boxes = await page
          .locator('header')
          .locator('a, button, summary')
          .evaluateAll((controls) =>
            controls
              .filter((control) => control.getClientRects().length > 0)
              .map((control) => {
                const { left, right } = control.getBoundingClientRect();
                return { left: Math.floor(left), right: Math.ceil(right) };
              }),
          );
        expect(boxes.length, `${locale} ${direction}`).toBeGreaterThanOrEqual(6);
        for (const box of boxes) {
          expect(box.left, `${locale} ${direction}`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${locale} ${direction}`).toBeLessThanOrEqual(360);
        }
      }
    }
    await context.close();
  });
});
