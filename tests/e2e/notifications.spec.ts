import { eq, ne, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedToUtc } from '../../src/features/notifications/local-time';
import { db } from '../../src/server/db/client';
import { notificationRecipients, notifications, users } from '../../src/server/db/schema';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import {
  drawnLeftToRight,
  hydrated,
  launchChromium,
  signedInContext,
  watchConsole,
  withUiSettings,
} from '../support/browser';
import { adminWithRole } from '../support/admins';
import { send } from '../support/notifications';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';
import { rowAction } from '../support/row-actions';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
/** The admin's zone in this browser: not the machine's, so the conversion to UTC is really tested. */
const ZONE = 'Asia/Shanghai';

/** 12 filler users, "Quokka One" and "Quokka Two" (blocked), "Wombat Alpha" and "Wombat Beta". */
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  await insertUsers([
    ...Array.from({ length: 12 }, (_, index) => ({
      firstName: `Filler${String(index).padStart(2, '0')}`,
      lastName: 'Person',
      email: `filler${index}@example.test`,
    })),
    { firstName: 'Quokka', lastName: 'One', email: 'q1@example.test' },
    { firstName: 'Quokka', lastName: 'Two', email: 'q2@example.test', status: 'blocked' as const },
    { firstName: 'Wombat', lastName: 'Alpha', email: 'w1@example.test' },
    { firstName: 'Wombat', lastName: 'Beta', email: 'w2@example.test' },
  ]);
  context = await browser.newContext({ baseURL: server.url, timezoneId: ZONE });
  await context.addCookies([
    { name: 'session', value: await createTestSession(), url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const rows = (page: Page) => page.locator('.app-list-table tbody tr');
const composer = (page: Page) => page.getByRole('dialog');

async function open(path = '/notifications'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

/** Waits for the list to have answered (the table drops aria-busy). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('.app-list-table table')?.getAttribute('aria-busy') === 'false',
    null,
    { polling: 50 },
  );
}

async function sentWithTitle(title: string) {
  return (await db()).select().from(notifications).where(eq(notifications.title, title));
}

async function recipientsOf(id: number): Promise<string[]> {
  const found = await (
    await db()
  )
    .select({ email: users.email })
    .from(notificationRecipients)
    .innerJoin(users, eq(users.id, notificationRecipients.userId))
    .where(eq(notificationRecipients.notificationId, id))
    .orderBy(users.email);
  return found.map((row) => row.email);
}

/** Opens the composer from the toolbar with the keyboard, and writes the title and message. */
async function compose(page: Page, title: string, message: string): Promise<void> {
  await page.locator('.app-list-toolbar').getByRole('button', { name: 'New notification' }).focus();
  await page.keyboard.press('Enter');
  await composer(page).getByRole('heading', { name: 'New notification' }).waitFor();
  await composer(page).getByLabel('Title').focus();
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await page.keyboard.type(message);
}

/** Adds a user through the type-ahead with the keyboard only: type, wait for them, Enter. */
async function pick(page: Page, typed: string, name: string): Promise<void> {
  const box = composer(page).getByRole('combobox', { name: 'Find users by name or email' });
  await box.focus();
  await page.keyboard.type(typed);
  await composer(page)
    .getByRole('option', { name: new RegExp(name) })
    .waitFor();
  // The first suggestion is the active one; the arrows move through them and come back round.
  const count = await composer(page).getByRole('option').count();
  for (let index = 0; index < count; index += 1) {
    const active = await box.getAttribute('aria-activedescendant');
    if ((await page.locator(`[id="${active}"]`).innerText()).includes(name)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await composer(page)
    .getByRole('button', { name: `Remove ${name}` })
    .waitFor();
  expect(await box.inputValue()).toBe('');
}

describe('the notifications screen in Chromium', () => {
  it('says an empty list is empty and offers the first notification, with nothing to page through', async () => {
    const page = await open();
    const empty = page.locator('.app-list-empty');
    await empty.getByText('No notifications yet.', { exact: false }).waitFor();
    expect(await page.getByText(/^Page \d+ of \d+$/).count()).toBe(0);
    expect(await page.getByText('0–0 of 0').count()).toBe(0);
    await empty.getByRole('button', { name: 'New notification' }).click();
    await composer(page).getByRole('heading', { name: 'New notification' }).waitFor();
    // Focus starts on the composer's first field, not on the dialog element.
    await expect
      .poll(() =>
        composer(page).evaluate((dialog) => {
          const focused = document.activeElement;
          return (
            dialog.contains(focused) && focused !== dialog && focused?.matches('input, textarea, select')
          );
        }),
      )
      .toBe(true);
    await page.close();
  });

  it('sends to one user chosen through the type-ahead, with the keyboard only', async () => {
    const page = await open();
    const problems = watchConsole(page);
    await compose(page, 'Your weekly puzzle', 'A new crossword is waiting for you.');
    const dialog = composer(page);
    // The counter follows the typing, and the preview shows the words as the phone would.
    await dialog.getByText('18 / 120').waitFor();
    await dialog.locator('.app-phone-title', { hasText: 'Your weekly puzzle' }).waitFor();

    // Escape closes the suggestions, not the dialog.
    const box = dialog.getByRole('combobox', { name: 'Find users by name or email' });
    await box.focus();
    await page.keyboard.type('Filler0');
    await dialog.getByRole('option').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('option').first().waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe('');
    expect(await dialog.isVisible()).toBe(true);

    await pick(page, 'Quokka', 'Quokka One');
    // Backspace in the empty box takes the last chip off again; then choose the right user.
    await page.keyboard.press('Backspace');
    await dialog.getByRole('button', { name: 'Remove Quokka One' }).waitFor({ state: 'detached' });
    await pick(page, 'wombat al', 'Wombat Alpha');
    expect(await dialog.getByRole('list', { name: 'Chosen users: 1' }).innerText()).toContain('Wombat Alpha');

    await dialog.getByRole('button', { name: 'Send', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Sent. Recipients: 1.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [sent] = await sentWithTitle('Your weekly puzzle');
    expect(sent).toMatchObject({ state: 'sent', audience: 'users', recipientCount: 1 });
    expect(await recipientsOf(sent!.id)).toEqual(['w1@example.test']);
    await settled(page);
    // Wide enough for the audience column, which gives way on a narrower list.
    await page.setViewportSize({ width: 1440, height: 900 });
    const row = rows(page).filter({ hasText: 'Your weekly puzzle' });
    expect(await row.innerText()).toMatch(/One user[\s\S]*Sent/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('arrives from /users with two selected users and sends to both after the count', async () => {
    const page = await open('/users?search=wombat');
    await page.getByRole('checkbox', { name: 'Select Wombat Alpha' }).check();
    await page.getByRole('checkbox', { name: 'Select Wombat Beta' }).check();
    await page
      .getByRole('region', { name: '2 selected' })
      .getByRole('link', { name: 'Send notification' })
      .click();
    const problems = watchConsole(page);
    await page.waitForURL((url) => url.pathname === '/notifications' && url.searchParams.has('user_ids'));
    await hydrated(page);
    const dialog = composer(page);
    await dialog.getByRole('button', { name: 'Remove Wombat Alpha' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove Wombat Beta' }).waitFor();

    await dialog.getByLabel('Title').fill('Wombat meetup');
    await dialog.getByLabel('Message').fill('Both of you are invited.');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByRole('heading', { name: 'Send to 2 users?' }).waitFor();
    await dialog.getByText('“Wombat meetup” goes out to exactly 2 users as soon as you confirm.').waitFor();
    // The question takes the focus (in the effect after it is drawn), so it is read out first.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.className), { timeout: 5_000 })
      .toContain('app-confirm-step');
    await dialog.getByRole('button', { name: 'Send to 2 users' }).click();
    await page.getByText('Sent. Recipients: 2.').waitFor();
    const [sent] = await sentWithTitle('Wombat meetup');
    expect(await recipientsOf(sent!.id)).toEqual(['w1@example.test', 'w2@example.test']);
    // The hand-over is used up: a reload does not open the composer with it again.
    expect(new URL(page.url()).searchParams.has('user_ids')).toBe(false);
    await page.reload();
    await hydrated(page);
    expect(await composer(page).count()).toBe(0);
    // Opened from the address, the composer hydrates what the server drew (no React error #418).
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends to everyone past a confirmation that states the exact number', async () => {
    const page = await open();
    await compose(page, 'Everyone is invited', 'The spring tournament starts today.');
    const dialog = composer(page);
    await dialog.getByRole('radio', { name: 'Everyone', exact: true }).check();
    await dialog.getByText('Blocked users never get notifications.').waitFor();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = dialog.getByRole('button', { name: /^Send to \d+ users$/ });
    await confirm.waitFor();
    const shown = Number(/(\d+)/.exec(await confirm.innerText())![1]);
    const [active] = await (
      await db()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(ne(users.status, 'blocked'));
    expect(shown).toBe(active!.n);
    // The blocked users are counted apart from those who get it, never "among them".
    const [blocked] = await (
      await db()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.status, 'blocked'));
    expect(blocked!.n).toBeGreaterThan(0);
    await dialog
      .getByText(`“Everyone is invited” goes out to exactly ${shown} users as soon as you confirm.`)
      .waitFor();
    // One blocked user is said in the singular (issue #42: never "1 blocked users").
    const skipped =
      blocked!.n === 1 ? 'blocked user also matches and is' : 'blocked users also match and are';
    await dialog.getByText(`${blocked!.n} ${skipped} left out.`).waitFor();

    await confirm.click();
    await page.getByText(`Sent. Recipients: ${shown}.`).waitFor();
    const [sent] = await sentWithTitle('Everyone is invited');
    expect(sent!.recipientCount).toBe(shown);
    expect(await recipientsOf(sent!.id)).toHaveLength(shown);
    expect(await recipientsOf(sent!.id)).not.toContain('q2@example.test');
    await settled(page);
    expect(await rows(page).filter({ hasText: 'Everyone is invited' }).innerText()).toContain('Everyone');
    await page.close();
  });

  it('schedules one in the admin’s time zone, edits its time, then cancels it', async () => {
    const page = await open();
    await compose(page, 'Tomorrow’s riddle', 'Guess what comes next.');
    const dialog = composer(page);
    await pick(page, 'Quokka O', 'Quokka One');
    await dialog.getByLabel('Schedule for later').check();
    await dialog.getByText(/In your time zone: Asia\/Shanghai \(GMT\+8\)/).waitFor();

    // A time in the past is refused in the browser, on the schedule.
    await dialog.getByLabel('Date').fill('2020-01-01');
    await dialog.getByLabel('Time').fill('10:00');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await dialog.getByText('Choose a time in the future.').waitFor();
    expect(await sentWithTitle('Tomorrow’s riddle')).toEqual([]);

    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Date').fill(day);
    await dialog.getByLabel('Time').fill('09:30');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    await page.getByText(/^Scheduled for /).waitFor();
    const [scheduled] = await sentWithTitle('Tomorrow’s riddle');
    expect(scheduled!.state).toBe('scheduled');
    expect(scheduled!.scheduledAt!.toISOString()).toBe(zonedToUtc(day, '09:30', ZONE));
    expect(await recipientsOf(scheduled!.id)).toEqual([]);

    await settled(page);
    const row = rows(page).filter({ hasText: 'Tomorrow’s riddle' });
    expect(await row.innerText()).toContain('Scheduled');
    await row.getByRole('button', { name: 'Edit “Tomorrow’s riddle”' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit notification' });
    expect(await edit.getByLabel('Date').inputValue()).toBe(day);
    expect(await edit.getByLabel('Time').inputValue()).toBe('09:30');
    await edit.getByLabel('Time').fill('18:45');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification saved.').waitFor();
    const [moved] = await sentWithTitle('Tomorrow’s riddle');
    expect(moved!.scheduledAt!.toISOString()).toBe(zonedToUtc(day, '18:45', ZONE));

    await settled(page);
    await rowAction(row, 'Cancel sending “Tomorrow’s riddle”');
    const ask = page.getByRole('dialog', { name: 'Cancel this scheduled notification?' });
    // The way out says what it leaves as it is: no "Cancel" beside "Cancel sending".
    expect(await ask.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    await ask.getByRole('button', { name: 'Keep scheduled' }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await sentWithTitle('Tomorrow’s riddle'))[0]!.state).toBe('scheduled');
    await rowAction(row, 'Cancel sending “Tomorrow’s riddle”');
    await ask.getByRole('button', { name: 'Cancel sending' }).click();
    await page.getByText('“Tomorrow’s riddle” will not be sent.', { exact: true }).waitFor();
    const [cancelled] = await sentWithTitle('Tomorrow’s riddle');
    expect(cancelled!.state).toBe('cancelled');
    await settled(page);
    expect(await row.innerText()).toContain('Cancelled');
    // A cancelled one keeps its words and its place; it can only be deleted.
    expect(await row.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    await page.close();
  });

  it('edits the text of a sent one (its time is locked), then deletes it', async () => {
    // The first page is in the server's HTML, before any script runs.
    const html = await (await context.request.get('/notifications?search=weekly')).text();
    expect(html).toContain('Your weekly puzzle');
    expect(html).toContain('One user');
    const page = await open('/notifications?search=weekly');
    const row = rows(page).filter({ hasText: 'Your weekly puzzle' });
    await row.getByRole('button', { name: 'Edit “Your weekly puzzle”' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit notification' });
    await edit.getByText('It has already gone out, so only its text can change.').waitFor();
    expect(await edit.getByLabel('Date').count()).toBe(0);
    await edit.getByLabel('Title').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('This field is required.').waitFor();
    await edit.getByLabel('Title').fill('Your weekly puzzle (corrected)');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification saved.').waitFor();
    const [edited] = await sentWithTitle('Your weekly puzzle (corrected)');
    expect(edited).toMatchObject({ state: 'sent', recipientCount: 1 });

    await settled(page);
    const renamed = rows(page).filter({ hasText: 'Your weekly puzzle (corrected)' });
    await rowAction(renamed, 'Delete “Your weekly puzzle (corrected)”');
    await page
      .getByRole('dialog', { name: 'Delete this notification?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('“Your weekly puzzle (corrected)” was deleted.').waitFor();
    expect(await sentWithTitle('Your weekly puzzle (corrected)')).toEqual([]);
    expect(await recipientsOf(edited!.id)).toEqual([]);
    await settled(page);
    expect(await renamed.count()).toBe(0);
    await page.close();
  });

  it('sends once for a double click on Send, and once for a retry after the answer was lost', async () => {
    const page = await open();
    await compose(page, 'Double click', 'Only once, please.');
    await pick(page, 'Quokka O', 'Quokka One');
    await composer(page).getByRole('button', { name: 'Send', exact: true }).dblclick();
    await page.getByText('Sent. Recipients: 1.').waitFor();
    expect(await sentWithTitle('Double click')).toHaveLength(1);
    await composer(page).waitFor({ state: 'detached' });

    // The server sends it, but the answer never arrives: the composer says so and keeps the words.
    let lost = 0;
    await page.route('**/api/admin/admin/bulk-notifications', async (route) => {
      if (lost++ > 0) return route.continue();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await compose(page, 'Lost answer', 'Sent exactly once.');
    await pick(page, 'Quokka O', 'Quokka One');
    const dialog = composer(page);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog
      .getByRole('alert')
      .getByText(/The server could not be reached/)
      .waitFor();
    expect(await sentWithTitle('Lost answer')).toHaveLength(1);
    // The retry carries the same Idempotency-Key: the server answers as the first time.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    // The composer closes on success; the first send's snackbar may still be on screen beside this one.
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('Sent. Recipients: 1.').count()).toBeGreaterThan(0);
    expect(lost).toBe(2);
    const sent = await sentWithTitle('Lost answer');
    expect(sent).toHaveLength(1);
    expect(await recipientsOf(sent[0]!.id)).toEqual(['q1@example.test']);
    await page.close();
  });

  it('clears each error as soon as its field is fixed, and the alert with the last one', async () => {
    const page = await open();
    await compose(page, '', '');
    const dialog = composer(page);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const required = dialog.getByText('This field is required.');
    const alert = dialog.getByRole('alert').filter({ hasText: 'Some fields need your attention.' });
    await alert.waitFor();
    expect(await required.count()).toBe(2);
    await dialog.getByText('Choose at least one user.').waitFor();

    await dialog.getByLabel('Title').fill('Fixed as I go');
    await expect.poll(() => required.count()).toBe(1);
    expect(await alert.count()).toBe(1);
    await dialog.getByLabel('Message').fill('Each mistake goes when it is mended.');
    await expect.poll(() => required.count()).toBe(0);
    expect(await alert.count()).toBe(1);
    // The type-ahead fills the audience from its own state: no input event reaches the form.
    await pick(page, 'Quokka O', 'Quokka One');
    await dialog.getByText('Choose at least one user.').waitFor({ state: 'detached' });
    await alert.waitFor({ state: 'detached' });
    expect(await dialog.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await sentWithTitle('Fixed as I go')).toEqual([]);
    await page.close();
  });

  it('refuses to send with no one chosen, naming the audience, and sends nothing', async () => {
    const page = await open();
    await compose(page, 'Nobody', 'No one should get this.');
    const dialog = composer(page);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('Choose at least one user.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    // The server's refusal lands on the audience too: the only user chosen is blocked.
    await pick(page, 'Quokka T', 'Quokka Two');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog
      .getByText('No one would receive it: every chosen user is blocked, or no user matches.')
      .waitFor();
    await dialog.getByText('Some fields need your attention.').waitFor();
    await dialog.getByRole('radio', { name: 'Everyone with a status' }).check();
    await dialog.getByLabel('Status', { exact: true }).selectOption('blocked');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await dialog.getByText('Nobody to send to: no active user matches this audience.').waitFor();
    expect(await sentWithTitle('Nobody')).toEqual([]);
    await page.close();
  });

  // The list itself is swept in every-page.spec.ts.
  it('keeps a row of long words to two lines at 1440 px, with the whole text in the tooltip', async () => {
    const message = 'Your streak is waiting for you. '.repeat(12).trim();
    const title = 'Come back for the longest weekend tournament of the season, with prizes for everyone';
    await (await db()).insert(notifications).values({
      title,
      message,
      audience: 'all',
      audienceSearch: 'someone with a rather long name to match',
      state: 'sent',
      sentAt: new Date(),
    });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/notifications?search=tournament');
    await hydrated(page);
    const row = rows(page).filter({ hasText: 'Come back' });
    const clamped = row.locator('.app-list-clamp');
    expect(await clamped.count()).toBe(3);
    expect(await row.locator(`[title="${message}"]`).count()).toBe(1);
    const lines = await clamped.evaluateAll((spans) =>
      spans.map((span) => {
        const style = getComputedStyle(span);
        return Math.round(span.getBoundingClientRect().height / parseFloat(style.lineHeight));
      }),
    );
    expect(lines.every((count) => count <= 2)).toBe(true);
    const height = await row.evaluate((tr) => tr.getBoundingClientRect().height);
    const lineHeight = await clamped
      .first()
      .evaluate((span) => parseFloat(getComputedStyle(span).lineHeight));
    expect(height).toBeLessThan(3 * lineHeight + 24);
    await page.close();
  });

  it('has no serious axe finding in the composer, in light LTR and dark RTL', async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await open();
      await compose(page, 'Look', 'Checking contrast.');
      // The counter's figures keep their order right to left ("4 / 65", not "65 / 4").
      expect(await drawnLeftToRight(composer(page).getByText(/^4 \/ \d+$/))).toBe(true);
      await composer(page).getByLabel('Schedule for later').check();
      await pick(page, 'Quokka', 'Quokka One');
      // The suggestions open over the form while the box has the focus.
      await page.keyboard.type('Wombat');
      await composer(page).getByRole('option').first().waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} composer ${finding}`,
        ),
      );
      await page.close();
    }
    await withUiSettings(context, server.url, {});
    expect(findings).toEqual([]);
  });
});

describe('a role that may send but not broadcast (Support) in Chromium', () => {
  it('leaves out the actions of a broadcast, and says before sending that 101 users needs the broadcast permission', async () => {
    const owner = await createTestSession();
    const crowd = await insertUsers(
      Array.from({ length: 101 }, (_, index) => ({ firstName: 'Crowd', lastName: `Member ${index}` })),
    );
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const [title, audience] of [
      ['Everyone tonight', { all: true }],
      ['Three tonight', { user_ids: crowd.slice(0, 3) }],
    ] as const) {
      const answer = await send(server.url, owner, {
        title,
        message: 'Later',
        scheduled_at: later,
        ...audience,
      });
      expect(answer.status).toBe(200);
    }
    const sue = await adminWithRole('support', 'Sue');
    const own = await signedInContext(browser, server.url, sue.token);
    const page = await own.newPage();
    const problems = watchConsole(page);
    await page.goto('/notifications');
    await hydrated(page);
    await settled(page);
    const rowOf = (title: string) => rows(page).filter({ hasText: title });
    // A broadcast's row is only read: its one action opens it.
    expect(await rowOf('Everyone tonight').getByRole('button').allInnerTexts()).toHaveLength(1);
    await rowOf('Everyone tonight').getByRole('button', { name: 'Read “Everyone tonight”' }).waitFor();
    // Edit in view; Cancel and Delete in the row's "⋯" menu.
    expect(await rowOf('Three tonight').getByRole('button').count()).toBe(2);
    await rowOf('Three tonight').locator('.app-row-menu-toggle').click();
    await page.locator('.app-row-menu.show').waitFor();
    expect(await page.locator('.app-row-menu.show').getByRole('button').count()).toBe(2);
    await page
      .locator('.app-row-menu.show')
      .getByRole('button', { name: /Cancel/ })
      .waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`/notifications?user_ids=${crowd.join(',')}`);
    await hydrated(page);
    const dialog = composer(page);
    await dialog.getByRole('button', { name: 'Remove Crowd Member 100' }).waitFor();
    const warning = dialog.getByText('More than 100 users is a broadcast');
    await warning.waitFor();
    const sendButton = dialog.getByRole('button', { name: 'Send', exact: true });
    expect(await sendButton.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Remove Crowd Member 100' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(await sendButton.isDisabled()).toBe(false);
    expect(problems).toEqual([]);
    await own.close();
  });
});

describe('a role that may only see notifications (Read-only) in Chromium', () => {
  it('opens a notification to read it: its words, audience, time and state, with nothing to change', async () => {
    const owner = await createTestSession();
    const [reader] = await insertUsers([{ firstName: 'Reader', lastName: 'Target' }]);
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const answer = await send(server.url, owner, {
      title: 'Maintenance tonight',
      message: 'The game pauses at ten.\nBack by eleven.',
      scheduled_at: later,
      user_ids: [reader!],
    });
    expect(answer.status).toBe(200);
    const rory = await adminWithRole('readonly', 'Rory');
    const own = await signedInContext(browser, server.url, rory.token);
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(own, server.url, look);
      const page = await own.newPage();
      const problems = watchConsole(page);
      await page.goto('/notifications');
      await hydrated(page);
      await settled(page);
      const row = rows(page).filter({ hasText: 'Maintenance tonight' });
      // Nothing to change: no Edit, Cancel or Delete, and no New notification.
      expect(await row.getByRole('button').allInnerTexts()).toHaveLength(1);
      expect(await page.getByRole('button', { name: 'New notification' }).count()).toBe(0);
      await row.getByRole('button', { name: 'Read “Maintenance tonight”' }).click();
      const dialog = page.getByRole('dialog', { name: 'Maintenance tonight' });
      await dialog.waitFor();
      const text = await dialog.innerText();
      for (const shown of ['The game pauses at ten.', 'Back by eleven.', 'One user', 'Scheduled'])
        expect(text).toContain(shown);
      expect(await dialog.locator('time').count()).toBe(1);
      expect(await dialog.getByRole('textbox').count()).toBe(0);
      expect(await dialog.getByRole('button', { name: /^Save/ }).count()).toBe(0);
      // Nothing to fill in: focus starts on the button that closes it.
      const close = dialog.getByRole('button', { name: 'Close', exact: true });
      await expect.poll(() => close.evaluate((button) => button === document.activeElement)).toBe(true);
      findings.push(
        ...(await seriousViolations(page, { within: '.modal.show' })).map(
          (finding) => `${JSON.stringify(look)} ${finding}`,
        ),
      );
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await page.close();
    }
    expect(findings).toEqual([]);
    await own.close();
  });
});
