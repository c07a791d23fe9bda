import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData, Figure } from '../../src/shared/dashboard/dashboard-input';
import { db } from '../../src/server/db/client';
import {
  drawnLeftToRight,
  hydrated,
  launchChromium,
  signedInContext,
  watchConsole,
  withUiSettings,
} from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
/**
 * The browser's zone: −03:30 with summer time, so its days are not UTC's. (Chromium reports
 * Asia/Kolkata by its old name, Asia/Calcutta; St John's has one name.)
 */
const TZ = 'America/St_Johns';
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

/**
 * Rows 3, 15 and 45 days old, so every card differs between 7 and 30 days: what is in the range,
 * and what stood before it.
 */
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const ids = await insertUsers([
    { firstName: 'Old', lastName: 'Active', createdAt: daysAgo(45) },
    { firstName: 'Old', lastName: 'Blocked', status: 'blocked', createdAt: daysAgo(45) },
    { firstName: 'Mid', lastName: 'Active', createdAt: daysAgo(15) },
    { firstName: 'Mid', lastName: 'Blocked', status: 'blocked', createdAt: daysAgo(15) },
    { firstName: 'New', lastName: 'Active', createdAt: daysAgo(3) },
  ]);
  const run = await db();
  await run.execute(sql`INSERT INTO puzzles (title, category, difficulty, status, created_at) VALUES
    ('Old Sudoku', 'logic', 'easy', 'published', ${daysAgo(45).toISOString()}),
    ('Mid Maze', 'logic', 'hard', 'published', ${daysAgo(15).toISOString()}),
    ('Mid Draft', 'words', 'easy', 'draft', ${daysAgo(15).toISOString()})`);
  await run.execute(sql`INSERT INTO game_history (user_id, puzzle_id, result, played_at)
    SELECT ${ids[0]}, p.id, 'won', now() - make_interval(days => d)
    FROM puzzles p, unnest(ARRAY[45, 15, 15, 3, 2]) d WHERE p.status = 'published'`);
  await run.execute(sql`INSERT INTO notifications (title, message, state, sent_at) VALUES
    ('Old', 'M', 'sent', ${daysAgo(45).toISOString()}), ('Mid', 'M', 'sent', ${daysAgo(15).toISOString()}),
    ('New', 'M', 'sent', ${daysAgo(2).toISOString()})`);
  await run.execute(sql`INSERT INTO support_queries (subject, message, status, created_at) VALUES
    ('Old', 'M', 'open', ${daysAgo(45).toISOString()}), ('Mid', 'M', 'open', ${daysAgo(15).toISOString()}),
    ('New', 'M', 'open', ${daysAgo(1).toISOString()})`);
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function openDashboard(path = '/dashboard', zone = TZ): Promise<Page> {
  const page = await (
    await context.browser()!.newContext({ baseURL: server.url, timezoneId: zone })
  ).newPage();
  await page.context().addCookies(await context.cookies());
  await page.goto(path);
  // The first visit in a new zone stores it and loads the page once more, counted in that zone.
  await page.locator('[data-period]', { hasText: `(${zone})` }).waitFor();
  await hydrated(page);
  return page;
}

async function cardsOf(page: Page): Promise<Record<string, Figure>> {
  return page.$$eval('[data-count]', (cards) =>
    Object.fromEntries(
      cards.map((card) => [
        card.getAttribute('data-count'),
        {
          value: Number(card.getAttribute('data-value')),
          previous: Number(card.getAttribute('data-previous')),
        },
      ]),
    ),
  );
}

async function apiOf(page: Page, range: number): Promise<DashboardData> {
  const answer = await page.request.get(
    `/api/admin/getcountdashoard?range=${range}&tz=${encodeURIComponent(TZ)}`,
  );
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { ResponseData: DashboardData }).ResponseData;
}

/** The screen-reader table of a chart: its day cells (or puzzle rows) as numbers. */
async function tableOf(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

describe('the dashboard in Chromium', () => {
  it('shows the API’s numbers in the browser’s zone, also after a new user and a recorded play', async () => {
    const page = await openDashboard();
    const problems = watchConsole(page);
    expect(await cardsOf(page)).toEqual((await apiOf(page, 7)).counts);
    const before = await cardsOf(page);

    // The product's POST /api/app/games is another part's work: the play goes in through SQL,
    // as any writer's would, and the rollups follow it by themselves.
    const [userId] = await insertUsers([{ firstName: 'Fresh', lastName: 'Player' }]);
    await (
      await db()
    ).execute(sql`INSERT INTO game_history (user_id, puzzle_id, result)
      SELECT ${userId}, id, 'won' FROM puzzles WHERE title = 'Mid Maze'`);
    await page.reload();
    await hydrated(page);
    const after = await cardsOf(page);
    expect(after).toEqual((await apiOf(page, 7)).counts);
    expect(after.users_total!.value).toBe(before.users_total!.value + 1);
    expect(after.users_new!.value).toBe(before.users_new!.value + 1);
    expect(after.games_in_range!.value).toBe(before.games_in_range!.value + 1);
    expect(after.games_total!.value).toBe(before.games_total!.value + 1);

    // Change in words for screen readers, not colour alone.
    await expect
      .poll(() => page.locator('[data-count="users_new"] .visually-hidden').textContent())
      .toMatch(/^(Up|Down|No change)/);
    expect(await page.locator('.dashboard-chart canvas').count()).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('switches every card and chart to 30 days from the range picker, in the address', async () => {
    const page = await openDashboard('/dashboard?range=7');
    const week = await cardsOf(page);
    const weekGames = await tableOf(page, 'Games played per day');
    expect(weekGames).toHaveLength(7);

    const picker = page.getByRole('navigation', { name: 'Period' });
    expect(await picker.getByRole('link', { name: '7 days' }).getAttribute('aria-current')).toBe('page');
    // Keyboard: Tab reaches the choice, Enter takes it.
    await picker.getByRole('link', { name: '30 days' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('range') === '30');
    await hydrated(page);

    const month = await cardsOf(page);
    const api = await apiOf(page, 30);
    expect(month).toEqual(api.counts);
    for (const [name, figure] of Object.entries(month)) {
      expect({ name, figure }).not.toEqual({ name, figure: week[name] });
    }
    const monthGames = await tableOf(page, 'Games played per day');
    expect(monthGames).toHaveLength(30);
    expect(monthGames.map((row) => Number(row[1]))).toEqual(
      api.series.games_per_day.map((point) => point.value),
    );
    expect((await tableOf(page, 'New users per day')).map((row) => Number(row[1]))).toEqual(
      api.series.new_users_per_day.map((point) => point.value),
    );
    expect(await tableOf(page, 'Top puzzles by plays')).toEqual(
      api.series.top_puzzles.map((puzzle) => [puzzle.title, String(puzzle.plays), String(puzzle.previous)]),
    );
    expect(await page.locator('.dashboard-chart canvas').count()).toBeGreaterThanOrEqual(2);
    await page.context().close();
  });

  it('leads with filled headline cards, each with its icon, and the quieter cards after', async () => {
    const page = await openDashboard('/dashboard?range=7');
    const headline = page.getByRole('list', { name: 'Key figures' });
    const accents = await headline
      .locator('[data-count]')
      .evaluateAll((cards) =>
        cards.map((card) => [
          card.getAttribute('data-count'),
          card.getAttribute('data-accent'),
          card.querySelectorAll('.dashboard-card-icon svg.tabler-icon').length,
        ]),
      );
    expect(accents).toEqual([
      ['users_total', 'primary', 1],
      ['games_in_range', 'secondary', 1],
      ['support_open', 'primary-subtle', 1],
    ]);
    // Filled in the theme's own colours, not a white card with a coloured word.
    const fills = await headline.locator('[data-count]').evaluateAll((cards) => {
      const root = getComputedStyle(document.documentElement);
      return cards
        .slice(0, 2)
        .map((card, index) => [
          getComputedStyle(card).backgroundColor,
          `rgb(${root.getPropertyValue(index === 0 ? '--bs-primary-rgb' : '--bs-secondary-rgb').trim()})`,
        ]);
    });
    for (const [background, theme] of fills) expect(background).toBe(theme);
    const quiet = page.getByRole('list', { name: 'More figures' }).locator('[data-count]');
    expect(await quiet.count()).toBe(7);
    expect(await quiet.locator('[data-accent]').count()).toBe(0);
    await page.context().close();
  });

  it('shows the hovered or focused day’s value in a tooltip and marks today as partial', async () => {
    const page = await openDashboard('/dashboard?range=7');
    const points = (await apiOf(page, 7)).series.games_per_day;
    const last = points.length - 1;
    const busiest = points.reduce(
      (best, point, index) => (point.value > points[best]!.value ? index : best),
      0,
    );
    const chart = page.locator('.dashboard-chart').first();
    const tip = chart.locator('.dashboard-tooltip');
    const hover = async (index: number) => {
      // The mouse only reaches what is on screen: the charts sit below the cards.
      await chart.scrollIntoViewIfNeeded();
      const box = (await chart.locator('.u-over').boundingBox())!;
      // One pixel inside the plot at its ends: its edge is outside it.
      const x = Math.min(Math.max((box.width * index) / last, 1), box.width - 1);
      await page.mouse.move(box.x + x, box.y + box.height / 2);
      await expect.poll(() => tip.getAttribute('data-day')).toBe(points[index]!.day);
    };

    await hover(busiest);
    expect(await tip.isVisible()).toBe(true);
    const day = await page.evaluate(
      (value) =>
        new Intl.DateTimeFormat('en', {
          weekday: 'short',
          month: 'short',
          day: 'numeric',
          timeZone: 'UTC',
        }).format(new Date(`${value}T00:00:00Z`)),
      points[busiest]!.day,
    );
    expect(await tip.locator('.dashboard-tooltip-day').textContent()).toBe(day);
    expect(await tip.locator('.dashboard-tooltip-value').textContent()).toBe(
      `Games played: ${points[busiest]!.value}`,
    );

    // Today is not over: the tooltip, the key under each chart and the table say so.
    await hover(last);
    expect(await tip.getAttribute('data-partial')).toBe('true');
    expect(await tip.locator('.dashboard-tooltip-note').textContent()).toBe('Today so far');
    const keys = page.locator('[data-partial-note]');
    expect(await keys.count()).toBe(2);
    for (const key of await keys.all()) expect((await key.textContent())?.trim()).toBe('Today so far');
    const rows = await tableOf(page, 'Games played per day');
    expect(rows.at(-1)![0]).toMatch(/Today so far$/);
    expect(rows.slice(0, -1).some(([header]) => header!.includes('Today'))).toBe(false);

    await page.mouse.move(0, 0);
    await expect.poll(() => tip.isVisible()).toBe(false);

    // The keyboard reaches the same tooltip: focus shows today, the arrows move a day.
    await chart.focus();
    await expect.poll(() => tip.getAttribute('data-day')).toBe(points[last]!.day);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tip.getAttribute('data-day')).toBe(points[last - 1]!.day);
    await page.keyboard.press('Home');
    await expect.poll(() => tip.getAttribute('data-day')).toBe(points[0]!.day);
    expect(await tip.isVisible()).toBe(true);
    await page.context().close();
  });

  it('gives the top puzzles the whole row under the charts', async () => {
    const page = await openDashboard('/dashboard?range=30');
    await page.setViewportSize({ width: 1440, height: 900 });
    const widths = await page.evaluate(() =>
      ['.dashboard-charts', '.dashboard-top-card'].map(
        (selector) => document.querySelector(selector)!.getBoundingClientRect().width,
      ),
    );
    expect(Math.abs(widths[0]! - widths[1]!)).toBeLessThan(1);
    await page.context().close();
  });

  // Axe and the layout at every width: every-page.spec.ts.
  it('keeps "7 days", the period and the changes in their reading order right to left', async () => {
    await withUiSettings(context, server.url, { direction: 'rtl' });
    const page = await openDashboard('/dashboard?range=30');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // It starts with a figure: right to left it must not read "days 7".
    expect(await drawnLeftToRight(page.getByRole('link', { name: '7 days' }))).toBe(true);
    // Nor may the period's dates swap places, or a change read "3 ▲".
    expect(await drawnLeftToRight(page.locator('[data-period] bdi'))).toBe(true);
    expect(await drawnLeftToRight(page.locator('.dashboard-change [dir="ltr"]').first())).toBe(true);
    // The charts' axes are canvas text, drawn in the canvas's own direction: "27 nov.", not ".nov 27".
    await page.locator('.uplot canvas').first().waitFor();
    expect(
      await page
        .locator('.uplot canvas')
        .evaluateAll((canvases) => canvases.map((canvas) => getComputedStyle(canvas).direction)),
    ).toEqual(['ltr', 'ltr']);
    await page.context().close();
    await withUiSettings(context, server.url, {});
  });
});
