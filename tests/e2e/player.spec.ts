import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_LOOKS, lookName, seriousViolations } from '../support/accessibility';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

// Issue #41: the player page. Ban from it with the 24-hour preset, see the ban and its end, lift it.

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let playerId: number;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  [playerId] = (await insertUsers([
    { firstName: 'Pangolin', lastName: 'Player', email: 'pangolin@example.test' },
  ])) as [number];
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function openPlayer(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${server.url}/users/${playerId}`);
  await hydrated(page);
  return page;
}

describe('the player page', () => {
  it('bans with the 24-hour preset, shows the ban and its end, and lifts it', async () => {
    // The list's name links to the page.
    const list = await context.newPage();
    await list.goto(`${server.url}/users?search=pangolin`);
    await list.getByRole('link', { name: 'Pangolin Player' }).click();
    await list.waitForURL(`**/users/${playerId}`);
    await list.close();

    const page = await openPlayer();
    const problems = watchConsole(page);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Pangolin Player');
    expect(await page.locator('[data-ban-none]').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Ban', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Ban Pangolin Player' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Abusive chat');
    await dialog.getByRole('radio', { name: '24 hours' }).check();
    // The time zone is named, and the end worked out before anything is sent.
    expect(await dialog.textContent()).toMatch(/Times are in your time zone, \S+\./);
    expect(await dialog.textContent()).toContain('The ban ends');
    const before = Date.now();
    await Promise.all([
      page.waitForURL(`**/users/${playerId}`),
      dialog.getByRole('button', { name: 'Ban' }).click(),
    ]);
    await page.locator('[data-ban-in-force]').waitFor();
    await hydrated(page);

    const standing = page.locator('[data-ban-in-force]');
    expect(await standing.textContent()).toContain('Abusive chat');
    const end = await page.locator('[data-ban-end]').textContent();
    // Drawn in UTC (no tz cookie): about 24 hours from the click.
    const expected = new Date(before + 86_400_000);
    const formatted = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      expected,
    );
    expect(end).toContain(formatted);
    expect(await page.getByRole('table').first().textContent()).toContain('In force');

    await page.getByRole('button', { name: 'Lift ban' }).click();
    const lift = page.getByRole('dialog', { name: 'Lift the ban on Pangolin Player?' });
    await Promise.all([
      page.waitForURL(`**/users/${playerId}`),
      lift.getByRole('button', { name: 'Lift ban' }).click(),
    ]);
    await page.locator('[data-ban-none]').waitFor();
    expect(await page.getByRole('table').first().textContent()).not.toContain('In force');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('has no serious axe finding in light LTR and dark RTL, the ban dialog open too', async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await openPlayer();
      findings.push(...(await seriousViolations(page)).map((finding) => `${lookName(look)} ${finding}`));
      // No sideways scroll at a phone's width.
      await page.setViewportSize({ width: 390, height: 800 });
      // Once the layout has settled at the new width (the drawer folds away with a transition).
      await expect
        .poll(() =>
          page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            return [...document.querySelectorAll('main *')]
              .filter((element) => {
                const box = element.getBoundingClientRect();
                return box.width > 0 && (box.right > width + 1 || box.left < -1);
              })
              .map((element) => `${element.tagName}.${element.className}`)
              .slice(0, 3);
          }),
        )
        .toEqual([]);
      await page.getByRole('button', { name: 'Ban', exact: true }).click();
      await page.getByRole('dialog').getByRole('radio', { name: 'Until a date' }).check();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal-dialog' })).map(
          (finding) => `${lookName(look)} dialog ${finding}`,
        ),
      );
      await page.close();
    }
    await withUiSettings(context, server.url, {});
    expect(findings).toEqual([]);
  });
});
