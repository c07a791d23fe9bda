import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { gameHistory, puzzles, users } from '../../src/server/db/schema';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
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
import { rowAction } from '../support/row-actions';
import { insertUsers, png } from '../support/users';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

/** 24 filler users, 3 "Quokka" (one blocked) and 2 "Wombat": 29 in all, newest first by default. */
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const minute = 60_000;
  const now = Date.now();
  await insertUsers([
    ...Array.from({ length: 24 }, (_, index) => ({
      firstName: `Filler${String(index).padStart(2, '0')}`,
      lastName: 'Person',
      email: `filler${index}@example.test`,
      createdAt: new Date(now - (index + 10) * minute),
    })),
    { firstName: 'Quokka', lastName: 'One', email: 'q1@example.test', createdAt: new Date(now - 3 * minute) },
    { firstName: 'Quokka', lastName: 'Two', email: 'q2@example.test', status: 'blocked' as const },
    { firstName: 'Quokka', lastName: 'Three', email: 'q3@example.test', phone: '+40 721 000 111' },
    { firstName: 'Wombat', lastName: 'Alpha', email: 'w1@example.test' },
    { firstName: 'Wombat', lastName: 'Beta', email: 'w2@example.test' },
  ]);
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.locator('.app-list-table tbody tr');
/** The toolbar's Add (the form's submit button has the same name). */
const addButton = (page: Page) => page.locator('.app-list-toolbar').getByRole('button', { name: 'Add user' });
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search name, email or phone' });

/** Waits for the list to have answered (the table drops aria-busy). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('.app-list-table table')?.getAttribute('aria-busy') === 'false',
    null,
    { polling: 50 },
  );
}

async function openUsers(path = '/users'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

async function statusOf(email: string): Promise<string | undefined> {
  const [row] = await (await db()).select({ status: users.status }).from(users).where(eq(users.email, email));
  return row?.status;
}

describe('the users screen in Chromium', () => {
  it('server-renders the first page, then searches, filters, sorts and pages through the URL', async () => {
    const page = await openUsers();
    const problems = watchConsole(page);
    expect(await rows(page).count()).toBe(25);
    await page.getByText('1–25 of 29').waitFor();

    await search(page).fill('quokka');
    await page.waitForURL((url) => url.searchParams.get('search') === 'quokka');
    // The address changes as the search is typed; the request follows its debounce, so on a busy
    // machine the table can still be idle with the old rows for a moment.
    await expect.poll(() => rows(page).count()).toBe(3);
    await settled(page);

    await page.getByLabel('Status', { exact: true }).selectOption('blocked');
    await page.waitForURL((url) => url.searchParams.get('status') === 'blocked');
    await settled(page);
    expect(await rows(page).allInnerTexts()).toEqual([expect.stringContaining('Quokka Two')]);

    await search(page).fill('nobody-has-this');
    await page.waitForURL((url) => url.searchParams.get('search') === 'nobody-has-this');
    await settled(page);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await settled(page);
    expect(await rows(page).count()).toBe(25);

    await page.getByRole('button', { name: 'Name' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    await settled(page);
    expect(await page.locator('th[aria-sort="ascending"]').innerText()).toContain('Name');
    expect(await rows(page).first().innerText()).toContain('Filler00');

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '1');
    await settled(page);
    expect(await rows(page).count()).toBe(4);

    await page.reload();
    await hydrated(page);
    expect(await rows(page).count()).toBe(4);
    await page.getByText('26–29 of 29').waitFor();

    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await settled(page);
    expect(await rows(page).first().innerText()).toContain('Filler00');

    await page.getByLabel('Rows per page').selectOption('10');
    await page.waitForURL((url) => url.searchParams.get('record') === '10');
    await settled(page);
    expect(await rows(page).count()).toBe(10);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('adds a user with a photo, then edits them', async () => {
    const page = await openUsers();
    await addButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByRole('button', { name: 'Add user' }).click();
    // Checked in the browser with the endpoint's schema: errors under their fields, focus on the first.
    await dialog.getByText('This field is required.').first().waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'first_name');

    await dialog.getByLabel('First name').fill('Numbat');
    await dialog.getByLabel('Last name').fill('Newcomer');
    await dialog.getByLabel('Email').fill('numbat@example.test');
    await dialog.getByLabel('Phone (optional)').fill('+33 6 12 34 56 78');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'numbat.png',
      mimeType: 'image/png',
      buffer: await png(300, 200),
    });
    await dialog.locator('img.app-image-preview[src^="data:image/png"]').waitFor();
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('User added.').waitFor();
    await settled(page);
    const added = rows(page).filter({ hasText: 'Numbat Newcomer' });
    expect(await added.locator('img').getAttribute('src')).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);

    // The same email again is refused by the server, and the message lands under Email.
    await addButton(page).click();
    const again = page.getByRole('dialog', { name: 'Add user' });
    await again.getByLabel('First name').fill('Other');
    await again.getByLabel('Last name').fill('Numbat');
    await again.getByLabel('Email').fill('NUMBAT@example.test');
    await again.getByRole('button', { name: 'Add user' }).click();
    await again.getByText('A user with this email already exists.').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    await added.getByRole('button', { name: 'Edit Numbat Newcomer' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user' });
    expect(await edit.getByLabel('Email').inputValue()).toBe('numbat@example.test');
    await edit.getByLabel('Last name').fill('Renamed');
    await edit.getByRole('button', { name: 'Remove image' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User saved.').waitFor();
    await settled(page);
    const edited = rows(page).filter({ hasText: 'Numbat Renamed' });
    expect(await edited.locator('img').count()).toBe(0);
    await page.close();
  });

  it('bans a user with a reason and a length, and Undo writes the old status back', async () => {
    const page = await openUsers('/users?search=Quokka%20One');
    await rowAction(rows(page).first(), 'Block Quokka One');
    // Issue #41: a block is a ban, with a reason and a length.
    const dialog = page.getByRole('dialog', { name: 'Ban Quokka One' });
    await dialog.getByLabel('Reason').fill('Spamming other players');
    await dialog.getByRole('radio', { name: '7 days' }).check();
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByText('Quokka One is blocked.').waitFor();
    expect(await statusOf('q1@example.test')).toBe('blocked');
    await settled(page);
    await rows(page).getByText('Blocked').waitFor();

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('The change was undone.').waitFor();
    expect(await statusOf('q1@example.test')).toBe('active');
    await rows(page).getByText('Active').waitFor();
    await page.close();
  });

  it('offers only what applies to the selection, blocks two at once, and Undo puts both back', async () => {
    const quokkas = await openUsers('/users?search=quokka%20two');
    await quokkas.getByRole('checkbox', { name: 'Select Quokka Two' }).check();
    const blockedBar = quokkas.getByRole('region', { name: '1 selected' });
    await blockedBar.getByRole('button', { name: 'Unblock', exact: true }).waitFor();
    expect(await blockedBar.getByRole('button', { name: 'Block', exact: true }).count()).toBe(0);
    await quokkas.close();

    const page = await openUsers('/users?search=wombat');
    await page.getByRole('checkbox', { name: 'Select Wombat Alpha' }).check();
    await page.getByRole('checkbox', { name: 'Select Wombat Beta' }).check();
    const bar = page.getByRole('region', { name: '2 selected' });
    expect(await bar.getByRole('link', { name: 'Send notification' }).getAttribute('href')).toMatch(
      /^\/notifications\?user_ids=\d+,\d+$/,
    );
    expect(await bar.getByRole('button', { name: 'Unblock', exact: true }).count()).toBe(0);
    await bar.getByRole('button', { name: 'Block', exact: true }).click();
    const ban = page.getByRole('dialog', { name: 'Block 2 users?' });
    await ban.getByLabel('Reason').fill('A ring of cheaters');
    await ban.getByRole('radio', { name: 'Permanent' }).check();
    await ban.getByRole('button', { name: 'Ban', exact: true }).click();
    await page.getByText('2 users updated.').waitFor();
    expect(await statusOf('w1@example.test')).toBe('blocked');
    expect(await statusOf('w2@example.test')).toBe('blocked');

    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('The change was undone.').waitFor();
    expect(await statusOf('w1@example.test')).toBe('active');
    expect(await statusOf('w2@example.test')).toBe('active');
    await settled(page);
    expect(await rows(page).getByText('Blocked').count()).toBe(0);
    await page.close();
  });

  it('exports the selected rows only, or everything matching when none is selected', async () => {
    const page = await openUsers('/users?search=wombat');
    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name, exact: true }).click(),
      ]);
      return fs
        .readFileSync(await file.path(), 'utf8')
        .trim()
        .split(/\r?\n/);
    };
    const all = await download('Export all matching (2)');
    expect(all[0]).toContain('first_name');
    expect(all.slice(1)).toHaveLength(2);
    expect(all.slice(1).every((line) => line.includes('Wombat'))).toBe(true);

    await page.getByRole('checkbox', { name: 'Select Wombat Beta' }).check();
    const selected = await download('Export 1 selected');
    expect(selected.slice(1)).toHaveLength(1);
    expect(selected[1]).toContain('w2@example.test');
    await page.close();
  });

  it('turns the export off when nothing matches, and says why to assistive technology', async () => {
    const page = await openUsers('/users?search=nobody-by-this-name');
    const none = page.getByRole('link', { name: 'Export all matching (0)', exact: true });
    await none.waitFor();
    expect(await none.getAttribute('aria-disabled')).toBe('true');
    expect(await none.getAttribute('href')).toBeNull();
    const why = await none.evaluate(
      (link) => document.getElementById(link.getAttribute('aria-describedby') ?? '')?.textContent,
    );
    expect(why).toBe('Nothing matches, so there is nothing to export.');
    // Clearing the search brings it back.
    await page.locator('.app-list-empty').getByRole('button', { name: 'Clear filters' }).click();
    await page
      .getByRole('link', { name: /^Export all matching \(\d+\)$/ })
      .and(page.locator('[href]'))
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('finds a user from the header with Ctrl+K and opens the details', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Name, email or phone' });
    // The quick search hydrates when the browser is idle; until then the shortcut does nothing.
    // A loaded test machine can take a while to go idle.
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Control+k');
          return box.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    // Typing goes straight into the box once the dialog has opened, not onto the dialog.
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
    await box.fill('Quokka Th');
    await page.getByRole('option', { name: /Quokka Three/ }).waitFor();
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/users' && url.searchParams.has('open'));
    const panel = page.getByRole('dialog', { name: 'User details' });
    await panel.getByText('q3@example.test').waitFor();
    await panel.getByText('No games played yet.').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('open'));

    // Already on /users: the panel opens in place, with no new page load.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.keyboard.press('Control+k');
    await box.fill('Quokka Th');
    await page.getByRole('option', { name: /Quokka Three/ }).waitFor();
    await box.press('Enter');
    await panel.getByText('q3@example.test').waitFor();
    expect(new URL(page.url()).searchParams.has('open')).toBe(true);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    await page.close();
  });

  it('keeps a phone number in its reading order right to left, in the list and the details', async () => {
    await withUiSettings(context, server.url, { direction: 'rtl' });
    try {
      const page = await openUsers('/users?search=quokka%20three');
      // Wide enough for the phone column, which gives way on a narrower list.
      await page.setViewportSize({ width: 1920, height: 1080 });
      const cell = page.getByRole('cell', { name: '+40 721 000 111' });
      expect(await drawnLeftToRight(cell)).toBe(true);
      await rowAction(rows(page).first(), 'Details of Quokka Three');
      const fact = page.locator('.app-detail-facts dd').filter({ hasText: '+40 721 000 111' });
      expect(await drawnLeftToRight(fact)).toBe(true);
      await page.close();
    } finally {
      await withUiSettings(context, server.url, {});
    }
  });

  it('has no serious axe finding in light LTR and dark RTL', async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await openUsers('/users?search=quokka');
      await page.getByRole('checkbox', { name: 'Select Quokka Two' }).check();
      findings.push(
        ...(await seriousViolations(page)).map((finding) => `${JSON.stringify(look)} ${finding}`),
      );
      await addButton(page).click();
      const form = page.getByRole('dialog', { name: 'Add user' });
      await form.waitFor();
      // The form opens on its first field, not on the dialog.
      await expect
        .poll(() =>
          form
            .getByRole('textbox')
            .first()
            .evaluate((field) => field === document.activeElement),
        )
        .toBe(true);
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} form ${finding}`,
        ),
      );
      await page.close();
    }
    expect(findings).toEqual([]);
  });
  it('fits the details panel in French: every play in view, the email on one line', async () => {
    const [numbat] = await insertUsers([
      {
        firstName: 'Numbat',
        lastName: 'Longmail',
        email: 'numbat.longmail.player@example.test',
      },
    ]);
    const [puzzle] = await (
      await db()
    )
      .insert(puzzles)
      .values({
        title: "The lighthouse keeper's midnight crossword",
        category: 'Crossword',
        difficulty: 'hard',
      })
      .returning({ id: puzzles.id });
    await (await db()).insert(gameHistory).values(
      [1, 2, 3].map((day) => ({
        userId: numbat!,
        puzzleId: puzzle!.id,
        score: 12_345 * day,
        duration: 754 * day,
        result: day === 2 ? ('lost' as const) : ('won' as const),
        playedAt: new Date(`2026-03-0${day}T21:45:00Z`),
      })),
    );
    const french = await signedInContext(browser, server.url, await createTestSession());
    await french.addCookies([{ name: 'locale', value: 'fr', url: server.url, sameSite: 'Lax' }]);
    const page = await french.newPage();
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/users?open=${numbat}`);
      const panel = page.locator('.app-user-detail');
      await panel.locator('.app-play').nth(2).waitFor();
      // Measured once the panel has slid in.
      await page.waitForFunction(() => document.getAnimations().length === 0, null, { polling: 50 });
      const fit = await panel.evaluate((element) => {
        const scroller = element.querySelector('.offcanvas-body')!;
        const email = element.querySelector('.app-detail-facts bdi')!;
        const range = document.createRange();
        range.selectNodeContents(email);
        return {
          overflow: scroller.scrollWidth - scroller.clientWidth,
          emailLines: range.getClientRects().length,
        };
      });
      expect(fit, `${width} px`).toEqual({ overflow: 0, emailLines: 1 });
    }
    await french.close();
  });
});
