import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { hydrated, launchChromium, signedInContext, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  await insertUsers([
    { firstName: 'Quokka', lastName: 'One', email: 'q1@example.test' },
    { firstName: 'Quokka', lastName: 'Two', email: 'q2@example.test', phone: '+40 721 000 111' },
  ]);
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.locator('.app-list-table tbody tr');

/** Issue #27: the list kit's layout at a phone's width and at 1024 px, shown on /users. */
describe('a list at every width', () => {
  it('shows each user as a card on a phone, labelled, with its actions, and never scrolls sideways', async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await context.newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/users?search=quokka');
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      const card = rows(page).first();
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // Each value says what it is; the row's name stays the row's header; the actions are on screen.
      expect(await card.locator('td[data-label="Email"]').innerText()).toMatch(/@example\.test$/);
      expect(await card.getByRole('rowheader').innerText()).toContain('Quokka');
      const edit = card.getByRole('button', { name: /^Edit Quokka/ });
      const action = (await edit.boundingBox())!;
      expect(action.x + action.width).toBeLessThanOrEqual(390);
      // Still a table to a screen reader, whose cells keep their column's name.
      expect(await page.getByRole('table').getByRole('columnheader', { name: 'Email' }).count()).toBe(1);
      findings.push(
        ...(await seriousViolations(page, { within: '#main' })).map((f) => `${JSON.stringify(look)} ${f}`),
      );
      await page.close();
    }
    await withUiSettings(context, server.url, {});
    expect(findings).toEqual([]);
  });

  it('keeps the row actions in view at 1024 px in French, the table scrolling beneath them', async () => {
    await context.addCookies([{ name: 'locale', value: 'fr', url: server.url }]);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/users?search=quokka');
    await hydrated(page);
    const action = (await rows(page).first().locator('[data-column="actions"] button').last().boundingBox())!;
    expect(action.x + action.width).toBeLessThanOrEqual(1024);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1024);
    await page.close();
    await context.addCookies([{ name: 'locale', value: 'en', url: server.url }]);
  });
});
