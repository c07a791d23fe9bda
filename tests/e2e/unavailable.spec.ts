import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '../../src/server/db/client';
import { forgetProcessGlobal } from '../../src/server/process-global';
import { AXE_LOOKS, lookName, seriousViolations } from '../support/accessibility';
import { launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let browser: Browser;
let token: string;

/**
 * The embedded database cannot be stopped apart from the server, but it can be closed under it:
 * every query then fails with "PGlite is closed", which the server treats as an outage. (The
 * PostgreSQL outage itself is tests/api/db-outage.test.ts; this is the page in a real browser.)
 */
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  token = await createTestSession();
  await (await database()).close();
});
afterAll(async () => {
  await browser?.close();
  // Already closed: the server's stop must not close it twice.
  forgetProcessGlobal('database');
  await server?.stop();
});

describe('the "temporarily unavailable" page in Chromium', () => {
  for (const look of AXE_LOOKS) {
    it(`stands in for a page the database cannot serve, with no serious axe finding (${lookName(look)})`, async () => {
      const context = await signedInContext(browser, server.url, token);
      await withUiSettings(context, server.url, look);
      const page = await context.newPage();
      const problems = watchConsole(page);
      const answer = await page.goto('/users?search=ann');
      expect(answer?.status()).toBe(503);
      // Not sent to sign in: still the address asked for.
      expect(new URL(page.url()).pathname).toBe('/users');
      await expect(page.title()).resolves.toBe('Temporarily unavailable · Puzzle Admin');
      expect(await page.locator('html').getAttribute('dir')).toBe(look.direction ?? 'ltr');
      expect(await page.locator('html').getAttribute('data-bs-theme')).toBe(look.mode ?? 'light');
      expect(await seriousViolations(page)).toEqual([]);

      // Keyboard: the skip link, the brand, the language menu, then "Try again", each visibly focused.
      const focused: string[] = [];
      for (let step = 0; step < 4; step++) {
        await page.keyboard.press('Tab');
        focused.push(
          await page.evaluate(() => {
            const element = document.activeElement as HTMLElement;
            const style = getComputedStyle(element);
            const ring = style.outlineStyle !== 'none' || style.boxShadow !== 'none';
            return `${element.textContent?.trim()}${ring ? '' : ' (no focus ring)'}`;
          }),
        );
      }
      expect(focused.at(-1)).toBe('Try again');
      expect(focused.filter((entry) => entry.endsWith('(no focus ring)'))).toEqual([]);
      // The language menu works without the database (a cookie and a reload).
      expect(problems.filter((problem) => !/503/.test(problem))).toEqual([]);
      const retry = page.getByRole('link', { name: 'Try again' });
      expect(await retry.getAttribute('href')).toBe('/users?search=ann');
      await context.close();
    });
  }

  it('speaks the language chosen on the page', async () => {
    const context = await signedInContext(browser, server.url, token);
    await context.addCookies([{ name: 'locale', value: 'ro', url: server.url }]);
    const page = await context.newPage();
    expect((await page.goto('/dashboard'))?.status()).toBe(503);
    expect(await page.locator('html').getAttribute('lang')).toBe('ro');
    expect(await page.locator('h1').innerText()).toBe('Temporar indisponibil');
    expect(await page.getByRole('link', { name: 'Încercați din nou' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await context.close();
  });
});
