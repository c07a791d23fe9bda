import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { gameHistory, puzzles } from '../../src/server/db/schema';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';
import { rowAction } from '../support/row-actions';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let played: number;
let attic: number;
/** A player's id, for plays a test records itself. */
let ada: number;

const QUIZ = JSON.stringify({ type: 'quiz', questions: [{ question: 'Q', choices: ['a', 'b'], answer: 0 }] });

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const [adaId, bo] = await insertUsers([
    { firstName: 'Ada', lastName: 'Solver', email: 'ada.solver@example.test' },
    { firstName: 'Bo', lastName: 'Guesser', email: 'bo.guesser@example.test' },
  ]);
  const rows = await (
    await db()
  )
    .insert(puzzles)
    .values([
      { title: 'Harbour quiz', category: 'Quiz', difficulty: 'easy', status: 'published', content: QUIZ },
      { title: 'Attic quiz', category: 'Trivia', difficulty: 'hard', status: 'draft', content: QUIZ },
    ])
    .returning({ id: puzzles.id });
  played = rows[0]!.id;
  attic = rows[1]!.id;
  ada = adaId!;
  await (await db()).insert(gameHistory).values([
    {
      userId: ada,
      puzzleId: played,
      score: 300,
      duration: 40,
      result: 'won',
      playedAt: new Date('2024-03-01T12:00:00Z'),
    },
    {
      userId: bo!,
      puzzleId: played,
      score: 100,
      duration: 90,
      result: 'lost',
      playedAt: new Date('2024-03-05T12:00:00Z'),
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

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('.app-list-table table')?.getAttribute('aria-busy') === 'false',
    null,
    { polling: 50 },
  );
}

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

const content = (page: Page) => page.getByRole('textbox', { name: 'Content (JSON)' });

describe('the puzzles screen in Chromium', () => {
  it('creates a puzzle, shows a bad content JSON at its field and line, then edits it', async () => {
    const page = await open('/puzzles');
    const problems = watchConsole(page);
    await page.getByText('Harbour quiz').waitFor();
    expect(await page.locator('tr', { hasText: 'Harbour quiz' }).locator('td').nth(3).textContent()).toBe(
      '2',
    );

    await page.locator('.app-list-toolbar').getByRole('button', { name: 'Add puzzle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add puzzle' });
    await dialog.getByLabel('Title').fill('Lighthouse sudoku');
    await dialog.getByLabel('Category').fill('Sudoku');
    await dialog.getByLabel('Difficulty').selectOption('hard');
    // Not JSON: the browser's check names line 3 and keeps the dialog open.
    await content(page).fill('{\n  "type": "sudoku",\n  "grid": [1,,2]\n}');
    await dialog.getByRole('button', { name: 'Add puzzle' }).click();
    await dialog.getByText('This is not valid JSON: look at line 3, column 14.').waitFor();
    expect(await content(page).getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await content(page).getAttribute('aria-describedby'))!.split(' ');
    const description = await page.locator(`[id="${describedBy[1]}"]`).textContent();
    expect(description).toContain('line 3');
    expect(await dialog.locator('.app-code-bad').textContent()).toBe('3');

    // Valid JSON that fails the schema: the path inside the content, at its line.
    const grid = Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => 0));
    grid[2]![3] = 12;
    await content(page).fill(JSON.stringify({ type: 'sudoku', grid }, null, 2));
    await dialog.getByRole('button', { name: 'Add puzzle' }).click();
    await dialog.getByText('content.grid[2][3]').waitFor();
    await dialog.getByText(/Line 30: Must be at most 9/).waitFor();
    expect(await dialog.locator('.app-code-bad').textContent()).toBe('30');

    grid[2]![3] = 4;
    await content(page).fill(JSON.stringify({ type: 'sudoku', grid }, null, 2));
    await dialog.getByRole('button', { name: 'Add puzzle' }).click();
    await page.getByText('Puzzle created.').waitFor();
    await page.getByRole('rowheader', { name: 'Lighthouse sudoku' }).waitFor();
    const [saved] = await (await db()).select().from(puzzles).where(eq(puzzles.title, 'Lighthouse sudoku'));
    expect(saved).toMatchObject({ category: 'Sudoku', difficulty: 'hard', status: 'draft' });

    await page.getByRole('button', { name: 'Edit Lighthouse sudoku' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit puzzle' });
    await edit.getByLabel('Status').selectOption('published');
    await edit.getByLabel('Title').fill('Lighthouse sudoku II');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Puzzle saved.').waitFor();
    await page.getByRole('rowheader', { name: 'Lighthouse sudoku II' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('filters through the address and deletes an unplayed puzzle; a played one is offered the archive, at once or after the 409', async () => {
    const page = await open('/puzzles?difficulty=hard');
    await settled(page);
    expect(await page.getByRole('rowheader').allTextContents()).not.toContain('Harbour quiz');
    await page.getByLabel('Status').selectOption('draft');
    await page.waitForURL((url) => url.searchParams.get('status') === 'draft');
    await settled(page);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Attic quiz']);

    // Played after the list was read: the server's 409 turns the question into the archive offer.
    const [late] = await (
      await db()
    )
      .insert(gameHistory)
      .values({ userId: ada, puzzleId: attic, score: 10, duration: 30, result: 'lost' })
      .returning({ id: gameHistory.id });
    await rowAction(rows(page).filter({ hasText: 'Attic quiz' }), 'Delete Attic quiz');
    await page
      .getByRole('dialog', { name: 'Delete puzzle?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const offer = page.getByRole('dialog', { name: 'Archive instead?' });
    await offer.getByText(/has plays \(1\)/).waitFor();
    await offer.getByRole('button', { name: 'Cancel' }).click();
    await offer.waitFor({ state: 'detached' });
    await (await db()).delete(gameHistory).where(eq(gameHistory.id, late!.id));

    await rowAction(rows(page).filter({ hasText: 'Attic quiz' }), 'Delete Attic quiz');
    await page
      .getByRole('dialog', { name: 'Delete puzzle?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Puzzle deleted.').waitFor();
    await page.getByText('Nothing matches this search or filter.').waitFor();

    await page.goto('/puzzles');
    await hydrated(page);
    // Shown as played: no delete that must fail, the question names its plays.
    await rowAction(rows(page).filter({ hasText: 'Harbour quiz' }), 'Delete Harbour quiz');
    const archive = page.getByRole('dialog', { name: 'Archive instead?' });
    await archive.getByText(/has plays \(2\)/).waitFor();
    await archive.getByRole('button', { name: 'Archive Harbour quiz' }).click();
    await page.getByText('Puzzle saved.').waitFor();
    const [row] = await (
      await db()
    )
      .select({ status: puzzles.status })
      .from(puzzles)
      .where(eq(puzzles.id, played));
    expect(row!.status).toBe('archived');
    await page.close();
  });

  it('shows a puzzle’s game history, filters it by player and days, and links the CSV export', async () => {
    const page = await open('/puzzles');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('puzzle_id') === String(played)),
      rowAction(rows(page).filter({ hasText: 'Harbour quiz' }), 'Game history of Harbour quiz', 'link'),
    ]);
    await hydrated(page);
    await settled(page);
    expect(await rows(page).count()).toBe(2);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Bo Guesser', 'Ada Solver']);
    // Durations read as a clock: 90 s and 40 s.
    expect(await rows(page).locator('td:last-child').allTextContents()).toEqual(['1:30', '0:40']);

    await page.getByRole('button', { name: 'Show only plays by Ada Solver' }).click();
    await page.waitForURL((url) => url.searchParams.has('user_id'));
    await settled(page);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Ada Solver']);

    // The row's link put the player in the filter as a chip; its button takes them out again.
    await page.getByRole('button', { name: 'Stop filtering by Ada Solver' }).click();
    await page.getByLabel('From', { exact: true }).fill('2024-03-04');
    await page.getByLabel('To', { exact: true }).fill('2024-03-06');
    await page.waitForURL(
      (url) => url.searchParams.get('from') === '2024-03-04' && !url.searchParams.has('user_id'),
    );
    await settled(page);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Bo Guesser']);

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    // As the browser's download sends it: an export is refused unless it comes from our pages.
    const csv = await context.request.get(`${server.url}${href}`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Bo Guesser');
    await page.close();
  });

  it('filters the history by typing a player’s and a puzzle’s name, as chips that keep ids in the address', async () => {
    const page = await open(`/puzzles?view=history&user_id=${ada}`);
    await settled(page);
    // The page names the player the address filters by: a chip reading the name, not the id.
    const playerChips = page.getByRole('list', { name: 'Player' });
    expect(await playerChips.getByRole('listitem').allTextContents()).toEqual(['Ada Solver']);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Ada Solver']);

    const player = page.getByRole('combobox', { name: 'Player' });
    await player.fill('Bo Gue');
    await page.getByRole('option', { name: /Bo Guesser/ }).waitFor();
    await player.press('Enter');
    // One player at a time: the new choice takes the old one's place.
    expect(await playerChips.getByRole('listitem').allTextContents()).toEqual(['Bo Guesser']);

    const puzzle = page.getByRole('combobox', { name: 'Puzzle' });
    await puzzle.fill('Harbour');
    await page.getByRole('option', { name: /Harbour quiz/ }).waitFor();
    await puzzle.press('ArrowDown');
    await puzzle.press('ArrowUp');
    await puzzle.press('Enter');
    expect(await page.getByRole('list', { name: 'Puzzle' }).textContent()).toBe('Harbour quiz');

    // Filters apply themselves as they are chosen, as on every list.
    await page.waitForURL(
      (url) =>
        url.searchParams.get('puzzle_id') === String(played) &&
        url.searchParams.get('user_id') !== String(ada),
    );
    await settled(page);
    expect(new URL(page.url()).searchParams.get('user_id')).toMatch(/^[1-9]\d*$/);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Bo Guesser']);

    // Backspace in the empty box takes the chip out, and every player's plays come back.
    await player.press('Backspace');
    expect(await playerChips.count()).toBe(0);
    await page.waitForURL((url) => !url.searchParams.has('user_id') && url.searchParams.has('puzzle_id'));
    await settled(page);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Bo Guesser', 'Ada Solver']);
    await page.close();
  });

  it('names a reversed range of days at “To” until it is fixed, and does not apply it', async () => {
    const page = await open('/puzzles?view=history');
    await settled(page);
    const to = page.getByLabel('To', { exact: true });
    await page.getByLabel('From', { exact: true }).fill('2024-03-06');
    await to.fill('2024-03-05');
    const error = page.locator('#history-to-error');
    expect(await error.textContent()).toBe('“To” must be the same day as “From” or later.');
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(await to.getAttribute('aria-describedby')).toBe('history-to-error');

    // Filters apply themselves after a pause in typing, but a reversed range waits.
    await page.waitForTimeout(600);
    expect(new URL(page.url()).searchParams.has('from')).toBe(false);
    expect(new URL(page.url()).searchParams.has('to')).toBe(false);

    // Fixed at either end, the error goes at once.
    await page.getByLabel('From', { exact: true }).fill('2024-03-05');
    expect(await error.count()).toBe(0);
    expect(await to.getAttribute('aria-invalid')).toBeNull();
    await page.waitForURL((url) => url.searchParams.get('to') === '2024-03-05');
    await settled(page);
    expect(await page.getByRole('rowheader').allTextContents()).toEqual(['Bo Guesser']);
    await page.close();
  });

  // The list and the game history are swept in every-page.spec.ts; here, the states only this reaches.
  it('has no serious axe finding in the form showing an error or the filters holding chips, in light LTR and dark RTL', async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await open('/puzzles');
      await page.getByRole('button', { name: 'Edit Lighthouse sudoku II' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit puzzle' });
      await content(page).fill('{ "type": "maze" ');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.locator('.app-code-bad').waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (f) => `${JSON.stringify(look)} form ${f}`,
        ),
      );
      await page.close();
      const history = await open(`/puzzles?view=history&puzzle_id=${played}&user_id=${ada}`);
      await settled(history);
      findings.push(
        ...(await seriousViolations(history, { within: 'form.app-list-toolbar' })).map(
          (f) => `${JSON.stringify(look)} history filters ${f}`,
        ),
      );
      await history.close();
    }
    expect(findings).toEqual([]);
  });
});
