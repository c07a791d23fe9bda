import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/accessibility';
import { hydrated, launchChromium, signedInContext, watchConsole } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { addAdmin } from '../support/admins';
import { ask } from '../support/support-queries';
import { insertUsers } from '../support/users';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

const LONG = 'mateo.hernandez.144.with-a-long-address@example.com';
const HOUR = 3_600_000;
/** When Mateo was last active: three hours before the test ran. */
let mateoActive: Date;

/** 30 users: Mateo (a long address, active 3 h ago) the newest, then 29 "Filler" people. */
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const now = Date.now();
  mateoActive = new Date(now - 3 * HOUR - 60_000);
  const ids = await insertUsers([
    ...Array.from({ length: 29 }, (_, index) => ({
      firstName: `Filler${String(index).padStart(2, '0')}`,
      lastName: 'Person-With-A-Rather-Long-Family-Name',
      email: `filler.person.${index}.long-address@example.test`,
      createdAt: new Date(now - (index + 10) * 60_000),
    })),
    {
      firstName: 'Mateo',
      lastName: 'Hernandez',
      email: LONG,
      createdAt: new Date(now - 60_000),
      lastActiveAt: mateoActive,
    },
  ]);
  // Mateo asks for help; an administrator with a long name and address joins.
  await ask(ids.at(-1)!, 'My progress vanished after the update, and my streak with it');
  await addAdmin(
    'Maximiliana-Alexandrina-Konstantinopoulou',
    'active',
    'Van-der-Westhuizen-Featherstonehaugh',
  );
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.locator('.app-list-table tbody tr');
const mateo = (page: Page) => rows(page).filter({ hasText: 'Mateo Hernandez' });

async function open(path: string, width = 1024): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await hydrated(page);
  return page;
}

/** Every name and address cell of the list, with how many lines it is drawn on. */
function cutCells(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.app-list-table tbody .app-list-ellipsis')].map((span) => ({
      text: span.textContent,
      title: span.title,
      lines: new Set([...span.getClientRects()].map((rect) => Math.round(rect.top))).size,
      height: Math.round(span.getBoundingClientRect().height),
      lineHeight: Math.round(parseFloat(getComputedStyle(span).lineHeight)),
      cut: span.scrollWidth > span.clientWidth,
    })),
  );
}

/** Issue #42, "Tables that fit the screen". */
describe('tables that fit the screen', () => {
  it('keeps every email and name on one line at 1024 px, cut with "…", whole in its tip and in the details', async () => {
    const page = await open('/users');
    const problems = watchConsole(page);
    const cells = await cutCells(page);
    expect(cells.length).toBeGreaterThanOrEqual(50);
    for (const cell of cells) {
      expect(cell.lines, cell.text!).toBe(1);
      expect(cell.height, cell.text!).toBeLessThanOrEqual(cell.lineHeight + 1);
      expect(cell.title).toBe(cell.text);
    }
    // The long address does not fit at 1024 px with the menu open: it is cut, not wrapped.
    const address = cells.find((cell) => cell.text === LONG)!;
    expect(address.cut).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1024);

    // A click on the row (here on its address) opens its details, which give the whole address.
    await mateo(page).locator('td[data-column="email"]').click();
    const panel = page.getByRole('dialog', { name: 'User details' });
    await panel.getByText(LONG, { exact: true }).waitFor();
    expect(await panel.getByText('Mateo Hernandez').count()).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a row from the keyboard, and leaves clicks on its own controls alone', async () => {
    const page = await open('/users');
    const row = mateo(page);
    // The checkbox selects, and does nothing else.
    await row.getByRole('checkbox').click();
    await page.locator('.app-list-bulk').getByText('1 selected').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The row itself is a stop for Tab; Enter opens it.
    await row.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'User details' });
    await panel.getByText(LONG, { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.close();
  });

  it('keeps one action in view and the others in a "⋯" menu the keyboard opens and walks', async () => {
    const page = await open('/users');
    const row = mateo(page);
    // Edit in view, then the menu: two buttons, the same two slots on every row.
    const actions = row.locator('td[data-column="actions"]');
    expect(
      await actions.getByRole('button').evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))),
    ).toEqual(['Edit Mateo Hernandez', 'More actions for Mateo Hernandez']);
    const lefts = await page
      .locator('td[data-column="actions"] .app-list-actions > :first-child')
      .evaluateAll((all) => all.map((button) => Math.round(button.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);

    const more = actions.getByRole('button', { name: 'More actions for Mateo Hernandez' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('.app-row-menu.show');
    await menu.waitFor();
    expect(await menu.getByRole('button').allTextContents()).toEqual([
      'Block Mateo Hernandez',
      'Details of Mateo Hernandez',
    ]);
    // Not cut off by the table's scroll box: the whole menu is on screen.
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1024);
    expect(await seriousViolations(page, { within: '#main' })).toEqual([]);
    // Escape closes it back onto its button.
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);

    // Arrow keys walk the items; Enter chooses one, which does what its button did.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Block Mateo Hernandez');
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText(/Mateo Hernandez/)
      .first()
      .waitFor();
    // Choosing from the menu did not also open the row's details.
    expect(await page.getByRole('dialog', { name: 'User details' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('says when as "3 hr. ago", the exact time on hover, and in the export', async () => {
    const page = await open('/users');
    const time = mateo(page).locator('td[data-column="last_active"] time');
    expect(await time.textContent()).toBe('3 hr. ago');
    expect(await time.getAttribute('datetime')).toBe(mateoActive.toISOString());
    const exact = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
      mateoActive.toISOString(),
    );
    expect(await time.getAttribute('title')).toBe(exact);

    const href = await page.getByRole('link', { name: /Export all matching/ }).getAttribute('href');
    const csv = await context.request.get(`${server.url}${href}`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const line = (await csv.text()).split('\r\n').find((text) => text.includes(LONG))!;
    expect(line).toContain(mateoActive.toISOString());
    await page.close();
  });

  it('dims the old rows while the next page loads, and the pager goes on describing them', async () => {
    const page = await open('/users');
    // 25 rows by default.
    expect(await rows(page).count()).toBe(25);
    const status = page.locator('.app-list-pager p');
    expect(await status.textContent()).toBe('1–25 of 30');
    const widths = () =>
      page
        .locator('.app-list-table thead th')
        .evaluateAll((all) => all.map((th) => Math.round(th.getBoundingClientRect().width)));
    const before = await widths();

    // Hold the next page's answer until the old one has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/getusers?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForFunction(
      () => document.querySelector('.app-list-table table')?.getAttribute('aria-busy') === 'true',
    );
    expect(
      Number(await page.locator('.app-list-table tbody').evaluate((body) => getComputedStyle(body).opacity)),
    ).toBeLessThan(1);
    expect(await rows(page).count()).toBe(25);
    expect(await status.textContent()).toBe('1–25 of 30');
    expect(await widths()).toEqual(before);

    release();
    await page.waitForFunction(
      () => document.querySelector('.app-list-table table')?.getAttribute('aria-busy') === 'false',
    );
    expect(await status.textContent()).toBe('26–30 of 30');
    expect(await widths()).toEqual(before);
    await page.close();
  });

  it('keeps addresses on one line on Help Center and Administrators even at 1440 px', async () => {
    for (const path of ['/account-setting?tab=admins', '/help-center']) {
      const page = await open(path, 1440);
      const cells = await cutCells(page);
      expect(cells.some((cell) => cell.cut)).toBe(true);
      for (const cell of cells) expect(cell.lines, `${path}: ${cell.text}`).toBe(1);
      await page.close();
    }
  });

  it('keeps the compact density chosen in the settings after a reload', async () => {
    const page = await open('/users');
    const rowHeight = () =>
      rows(page)
        .first()
        .evaluate((row) => row.getBoundingClientRect().height);
    const comfortable = await rowHeight();
    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Settings' });
    await drawer.getByRole('group', { name: 'Table density' }).getByText('Compact').click();
    expect(await page.locator('html').getAttribute('data-density')).toBe('compact');
    await page.keyboard.press('Escape');
    await page.reload();
    await hydrated(page);
    expect(await page.locator('html').getAttribute('data-density')).toBe('compact');
    expect(await rowHeight()).toBeLessThan(comfortable - 4);
    await page.close();
  });
});
