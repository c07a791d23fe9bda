import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData, Figure } from '../../src/shared/dashboard/dashboard-input';
import { db } from '../../src/server/db/client';
import { roles } from '../../src/server/db/schema';
import { AXE_LOOKS, lookName, seriousViolations } from '../support/accessibility';
import { adminWithRole } from '../support/admins';
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
  // Work waiting: one query whose user has waited two days, one an hour; one send scheduled.
  await run.execute(sql`INSERT INTO support_queries (subject, message, status, created_at, waiting_since) VALUES
    ('Waiting two days', 'M', 'open', ${daysAgo(2).toISOString()}, ${daysAgo(2).toISOString()}),
    ('Waiting an hour', 'M', 'open', ${daysAgo(2).toISOString()}, now() - interval '1 hour')`);
  await run.execute(sql`INSERT INTO notifications (title, message, state, scheduled_at) VALUES
    ('Later', 'M', 'scheduled', now() + interval '30 days')`);
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

    // The change in words, not colour alone: value, previous value and change in one sentence.
    expect(await page.locator('[data-count="users_new"] .dashboard-card-figure > bdi').textContent()).toMatch(
      /^\d+, (up from \d+ \((\+[\d.]+%|new)\)|down from \d+ \(-[\d.]+%\)|unchanged from \d+)$/,
    );
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

  it('says each figure against the previous period in the same words, from the rows it was given', async () => {
    // Notifications sent: 2 and 15 days ago in the last 30 days, 45 days ago in the 30 before;
    // only the one 2 days ago in the last 7, none in the 7 before.
    const month = await openDashboard('/dashboard?range=30');
    const sent = (page: Page) =>
      page.locator('[data-count="notifications_sent"] .dashboard-card-figure > bdi').textContent();
    expect(await sent(month)).toBe('2, up from 1 (+100%)');
    // The same template on an all-time total: now, and when the period began.
    expect(
      await month.locator('[data-count="puzzles_total"] .dashboard-card-figure > bdi').textContent(),
    ).toBe('3, up from 1 (+200%)');
    await month.context().close();
    const week = await openDashboard('/dashboard?range=7');
    expect(await sent(week)).toBe('1, up from 0 (new)');
    await week.context().close();
  });

  it('leads with the period’s figures, filled, each with its icon, and sets the all-time totals apart', async () => {
    const page = await openDashboard('/dashboard?range=7');
    const headline = page.getByRole('region', { name: 'In this period' });
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
      ['games_in_range', 'primary', 1],
      ['users_new', 'secondary', 1],
      ['notifications_sent', 'primary-subtle', 1],
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
    const quiet = page.getByRole('region', { name: 'All time' }).locator('[data-count]');
    expect(await quiet.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-count')))).toEqual([
      'users_total',
      'users_active',
      'users_blocked',
      'games_total',
      'puzzles_total',
      'puzzles_published',
      'support_open',
    ]);
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

  it('draws the previous period as a ghost, named in the key, the tooltip and the table', async () => {
    const page = await openDashboard('/dashboard?range=30');
    for (const key of await page.locator('[data-ghost-note]').all()) {
      expect((await key.textContent())?.trim()).toBe('Previous period');
    }
    expect(await page.locator('[data-ghost-note]').count()).toBe(2);
    // The table's third column: the previous period's day at the same offset. The two plays 45
    // days ago are the only ones in the 30 days before; 15 days ago falls in this period.
    const table = page.getByRole('table', { name: 'Games played per day' });
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Day',
      'Games played',
      'Previous period',
    ]);
    const rows = await tableOf(page, 'Games played per day');
    expect(rows.reduce((total, row) => total + Number(row[2]), 0)).toBe(2);
    const ghostRow = rows.findIndex((row) => row[2] === '2');
    // 45 days ago sits 15 days before the range's first day's counterpart: the row 15 days ago.
    expect(rows.length - 1 - ghostRow).toBe(15);

    const chart = page.locator('.dashboard-chart').first();
    await chart.focus();
    await page.keyboard.press('Home');
    for (let step = 0; step < ghostRow; step++) await page.keyboard.press('ArrowRight');
    const tip = chart.locator('.dashboard-tooltip');
    await expect.poll(() => tip.getAttribute('data-previous')).toBe('2');
    expect(await tip.locator('.dashboard-tooltip-previous').textContent()).toBe('Previous period: 2');
    await page.context().close();
  });

  it('puts the work waiting first, each tile a link to its filtered list', async () => {
    const page = await openDashboard('/dashboard?range=7');
    const waiting = page.getByRole('region', { name: 'Work waiting' });
    // Above the counts.
    const tops = await page.evaluate(() =>
      ['#work-waiting', '#cards-period'].map((id) => document.querySelector(id)!.getBoundingClientRect().top),
    );
    expect(tops[0]!).toBeLessThan(tops[1]!);
    const support = waiting.getByRole('link', { name: '1 Support queries waiting over 24 h' });
    expect(await support.getAttribute('href')).toBe('/help-center?waiting=24h');
    const sends = waiting.getByRole('link', { name: '1 Scheduled sends' });
    expect(await sends.getAttribute('href')).toBe('/notifications?state=scheduled');

    await support.click();
    await page.waitForURL('**/help-center?waiting=24h');
    await hydrated(page);
    expect(await page.getByRole('switch', { name: 'Waiting over 24 h' }).isChecked()).toBe(true);
    const list = page.locator('main');
    await list.getByText('Waiting two days').first().waitFor();
    expect(await list.getByText('Waiting an hour').count()).toBe(0);
    await page.context().close();
  });

  it('links a custom role only to the pages it may open', async () => {
    const key = 'custom-dashboard-games';
    await (
      await db()
    )
      .insert(roles)
      .values({ key, name: 'Dashboard and games', permissions: ['dashboard.view', 'games.view'] });
    const viewer = await adminWithRole(key, 'Dana');
    const own = await signedInContext(browser, server.url, viewer.token);
    const page = await own.newPage();
    await page.goto('/dashboard?range=7');
    await hydrated(page);
    // Every card is there; only the plays' cards link, to the game history this role may read.
    expect(await page.locator('[data-count]').count()).toBe(10);
    expect(await page.locator('a[href^="/users"]').count()).toBe(0);
    expect(
      await page
        .locator('a[data-count]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    ).toEqual(['/puzzles?view=history', '/puzzles?view=history']);
    // No list of work it could open: no tiles.
    expect(await page.locator('#work-waiting').count()).toBe(0);
    await own.close();
  });

  it.each(AXE_LOOKS.map((look) => [lookName(look), look] as const))(
    'has no serious axe findings (%s)',
    async (_name, look) => {
      await withUiSettings(context, server.url, look);
      const page = await openDashboard('/dashboard?range=30');
      expect({ look: lookName(look), found: await seriousViolations(page) }).toEqual({
        look: lookName(look),
        found: [],
      });
      await page.context().close();
      await withUiSettings(context, server.url, {});
    },
  );

  it('leaves no empty slot in any row of cards or charts, menu beside or above, at 1440 and 1024 px', async () => {
    for (const layout of ['horizontal', 'vertical'] as const) {
      await withUiSettings(context, server.url, { layout });
      const page = await openDashboard('/dashboard?range=30');
      for (const width of [1440, 1024]) {
        await page.setViewportSize({ width, height: 900 });
        // Each row's last item ends where its list ends (the inline end: left to right here).
        const gaps = await page.evaluate(() =>
          // The work-waiting tiles keep their own width: a short row of links, not a grid.
          ['.dashboard-headline', '.dashboard-cards', '.dashboard-charts']
            .flatMap((selector) => {
              const list = document.querySelector(selector)!;
              const end = list.getBoundingClientRect().right;
              const rows = new Map<number, number>();
              for (const item of list.children) {
                const box = item.getBoundingClientRect();
                rows.set(Math.round(box.top), Math.max(rows.get(Math.round(box.top)) ?? 0, box.right));
              }
              return [...rows.values()].map((right) => ({ selector, gap: Math.round(end - right) }));
            })
            .filter(({ gap }) => gap > 1),
        );
        expect({ layout, width, gaps }).toEqual({ layout, width, gaps: [] });
      }
      await page.context().close();
    }
    await withUiSettings(context, server.url, {});
  });

  // The layout at every width: every-page.spec.ts.
  it('keeps "7 days", the period and the changes in their reading order right to left', async () => {
    await withUiSettings(context, server.url, { direction: 'rtl' });
    const page = await openDashboard('/dashboard?range=30');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // It starts with a figure: right to left it must not read "days 7".
    expect(await drawnLeftToRight(page.getByRole('link', { name: '7 days' }))).toBe(true);
    // Nor may the period's dates swap places, or a change read "3 ▲".
    expect(await drawnLeftToRight(page.locator('[data-period] bdi'))).toBe(true);
    expect(
      await drawnLeftToRight(page.locator('.dashboard-card-figure > bdi .dashboard-change').first()),
    ).toBe(true);
    // Nor a card's sentence read "up from 1 (+100%) ,2".
    expect(
      await drawnLeftToRight(page.locator('[data-count="notifications_sent"] .dashboard-card-figure > bdi')),
    ).toBe(true);
    // And it sits on the card's start side, the right, under its label.
    const textEnds = await page.locator('[data-count="users_total"]').evaluate((card) =>
      ['.dashboard-card-label', '.dashboard-card-figure > bdi'].map((selector) => {
        const range = document.createRange();
        range.selectNodeContents(card.querySelector(selector)!);
        return Math.round(range.getBoundingClientRect().right);
      }),
    );
    expect(Math.abs(textEnds[0]! - textEnds[1]!)).toBeLessThanOrEqual(1);
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
