import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import {
  drawnLeftToRight,
  hydrated,
  launchChromium,
  signedInContext,
  withUiSettings,
} from '../support/browser';
import { layoutFindings } from '../support/layout-checks';
import { startTestServer, type TestServer } from '../support/server';
import { adminWithRole } from '../support/admins';
import { createKey } from '../support/api-keys';
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
    {
      firstName: 'Quokka',
      lastName: 'Montgomery-Fairweather',
      email: 'quokka.montgomery-fairweather.of.the.long.address@example.test',
    },
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

  it('keeps a date in its reading order right to left, in a card and in the table', async () => {
    await withUiSettings(context, server.url, { direction: 'rtl' });
    await context.addCookies([{ name: 'locale', value: 'ro', url: server.url }]);
    try {
      for (const width of [390, 1920]) {
        const page = await context.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/users?search=quokka');
        await hydrated(page);
        // Romanian puts the day first ("27 nov. 2026"): right to left, unisolated, it read "nov. 2026 27".
        const joined = rows(page).first().locator('td[data-column="joined"]');
        expect(await joined.innerText()).toMatch(/^\d+ \S+ \d{4}$/);
        expect(await drawnLeftToRight(joined), `at ${width} px`).toBe(true);
        await page.close();
      }
    } finally {
      await withUiSettings(context, server.url, {});
      await context.addCookies([{ name: 'locale', value: 'en', url: server.url }]);
    }
  });

  it('holds its column widths from one search to the next: the text columns take what is left', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    /** Where each short column starts, measured from the table's end edge. */
    const fromEnd = async (search: string) => {
      await page.goto(`/users?search=${search}`);
      await hydrated(page);
      return page.evaluate(() => {
        const table = document.querySelector('.app-list-table table')!.getBoundingClientRect();
        return ['status', 'last_active', 'actions'].map((key) =>
          Math.round(
            table.right - document.querySelector(`th[data-column="${key}"]`)!.getBoundingClientRect().left,
          ),
        );
      });
    };
    const short = await fromEnd('quokka%20one');
    expect(await rows(page).count()).toBe(1);
    const long = await fromEnd('montgomery');
    expect(long).toEqual(short);
    await page.close();
  });

  it('lets its least needed columns give way as the list narrows, never its name, status or actions', async () => {
    const page = await context.newPage();
    const shown = async () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.app-list-table thead th[data-column]')]
          .filter((header) => header.offsetParent !== null)
          .map((header) => header.dataset.column),
      );
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto('/users?search=quokka');
    await hydrated(page);
    expect(await shown()).toEqual([
      'avatar',
      'name',
      'email',
      'phone',
      'status',
      'games',
      'joined',
      'last_active',
      'actions',
    ]);
    // The list's own width decides, not the window's: the open menu takes its share.
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await shown()).toEqual(['avatar', 'name', 'email', 'status', 'joined', 'last_active', 'actions']);
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await shown()).toEqual(['avatar', 'name', 'email', 'status', 'joined', 'actions']);
    // The order stays in view: sorted by last activity, that column stays and "Joined" goes.
    await page.goto('/users?search=quokka&sort=last_active');
    await hydrated(page);
    expect(await shown()).toEqual(['avatar', 'name', 'email', 'status', 'last_active', 'actions']);
    await page.close();
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
    // With rows picked (the bulk bar above the list), at 1024 and 1440 px: no header clipped
    // ("Dernièr…"), no action out of view, no word broken.
    await rows(page).nth(0).getByRole('checkbox').check();
    await rows(page).nth(1).getByRole('checkbox').check();
    await page.getByText('2 lignes sélectionnées').waitFor();
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await layoutFindings(page, { actionsInView: true, colours: false }), `at ${width} px`).toEqual(
        [],
      );
    }
    await page.close();
    await context.addCookies([{ name: 'locale', value: 'en', url: server.url }]);
  });
});

/** Issue #42: what a list offers follows the role, and an empty list says what to do next. */
describe('a list by role', () => {
  const KEYS_TAB = '/account-setting?tab=keys';
  const open = async (own: BrowserContext, path: string) => {
    const page = await own.newPage();
    await page.goto(path);
    await hydrated(page);
    return page;
  };

  it('says what to do next on an empty list and offers the button, to a role that may', async () => {
    const rory = await signedInContext(browser, server.url, (await adminWithRole('readonly', 'Rory')).token);
    for (const [path, text, action, plain] of [
      ['/puzzles', 'No puzzles yet. Add the first one.', 'Add puzzle', 'No puzzles yet.'],
      [
        KEYS_TAB,
        'No API keys yet. Create one for each of the product’s servers that feeds the back-office.',
        'Create key',
        'No API keys yet.',
      ],
    ] as const) {
      const page = await open(context, path);
      const empty = page.locator('.app-list-empty');
      await empty.getByText(text, { exact: true }).waitFor();
      await empty.getByRole('button', { name: action }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // The form opens on its first field.
      await expect
        .poll(() =>
          dialog.evaluate(
            (element) =>
              element.contains(document.activeElement) &&
              document.activeElement!.matches('input, textarea, select'),
          ),
        )
        .toBe(true);
      await page.close();
      // A role that may not add is told the list is empty, and offered nothing.
      const reader = await open(rory, path);
      await reader.locator('.app-list-empty').getByText(plain, { exact: true }).waitFor();
      expect(await reader.locator('.app-list-empty').getByRole('button').count()).toBe(0);
      await reader.close();
    }
    await rory.close();
  });

  it('draws no actions column when the role leaves out every action of every row', async () => {
    await createKey(server.url, await createTestSession(), 'Layout key');
    const owner = await open(context, KEYS_TAB);
    const table = owner.getByRole('table', { name: 'Product API keys' });
    await table.getByRole('row', { name: /Layout key/ }).waitFor();
    expect(await table.locator('[data-column="actions"]').count()).toBe(2);
    await owner.close();
    const rory = await signedInContext(browser, server.url, (await adminWithRole('readonly', 'Rory')).token);
    const reader = await open(rory, KEYS_TAB);
    const readerTable = reader.getByRole('table', { name: 'Product API keys' });
    await readerTable.getByRole('row', { name: /Layout key/ }).waitFor();
    expect(await readerTable.locator('[data-column="actions"]').count()).toBe(0);
    expect(await readerTable.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await seriousViolations(reader)).toEqual([]);
    await rory.close();
  });
});
