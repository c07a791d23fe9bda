import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins, supportQueries } from '../../src/server/db/schema';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { post } from '../support/api';
import { createKey } from '../support/api-keys';
import { hydrated, launchChromium, watchConsole, withUiSettings } from '../support/browser';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let mailbox: Mailbox;
let browser: Browser;
let context: BrowserContext;
let key: string;
let userId: number;
let adminId: number;
const USER_EMAIL = 'grace.hopper@example.test';

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url });
  browser = await launchChromium();
  const token = await createTestSession();
  key = (await createKey(server.url, token, 'Game servers')).key;
  [userId] = (await insertUsers([{ firstName: 'Grace', lastName: 'Hopper', email: USER_EMAIL }])) as [number];
  await insertUsers([{ firstName: 'Alan', lastName: 'Turing', email: 'alan@example.test' }]);
  const [me] = await (
    await db()
  )
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.email, TEST_ADMIN.email));
  adminId = me!.id;
  context = await browser.newContext({ baseURL: server.url });
  await context.addCookies([
    { name: 'session', value: token, url: server.url, httpOnly: true, sameSite: 'Lax' },
  ]);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

/** What the product's servers send: a new query, or a follow-up on one. */
async function fromProduct(body: Record<string, unknown>): Promise<number> {
  const answer = await post<{ query_id: number }>(server.url, '/api/app/support', body, {
    authorization: `Bearer ${key}`,
  });
  expect(answer.status).toBe(200);
  return answer.body.ResponseBody!.query_id;
}

async function open(path = '/help-center'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

const panel = (page: Page) => page.getByRole('dialog');
const statusOf = async (id: number) =>
  (await (await db()).select().from(supportQueries).where(eq(supportQueries.id, id)))[0]!.status;

describe('/help-center', () => {
  let queryId: number;

  it('answers a query from the product by mail, resolves it, and sees it reopened by the follow-up', async () => {
    queryId = await fromProduct({
      user_id: userId,
      subject: 'Daily puzzle will not load',
      message: 'The daily puzzle spins forever\nsince this morning.',
    });
    await fromProduct({ user_id: userId, subject: 'Older question', message: 'Something else.' });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const response = await page.goto('/help-center');
    // Server-rendered first page: the query is in the HTML before any script runs.
    expect(await response!.text()).toContain('Daily puzzle will not load');
    await hydrated(page);

    // Search and status filter live in the address.
    await page.getByLabel('Search subject, message or user').fill('daily');
    await page.waitForURL(/search=daily/);
    await page.getByLabel('Status', { exact: true }).selectOption('open');
    await page.waitForURL(/status=open/);
    await expect.poll(() => page.locator('.app-list-table tbody tr').count()).toBe(1);

    // Open the thread from the keyboard; Escape closes it and gives the focus back.
    const subject = page.getByRole('button', { name: 'Open the query “Daily puzzle will not load”' });
    await subject.focus();
    await page.keyboard.press('Enter');
    await panel(page).getByText('The daily puzzle spins forever').waitFor();
    expect(page.url()).toContain(`open=${queryId}`);
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });
    await expect.poll(() => subject.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const thread = panel(page);
    await thread.getByText('Waiting since').waitFor();

    // Reply to it while nobody has it: the user gets a mail quoting the query, and it is mine.
    expect(await thread.getByLabel('Assignee').inputValue()).toBe('');
    const box = thread.getByLabel('Your message');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await thread.getByText('This field is required.').waitFor();
    await box.fill('Thanks for the report: a fix is live, please reopen the app.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent to the user.').waitFor();
    const mail = await mailbox.nextMail(USER_EMAIL);
    expect(mail.subject).toBe('Re: Daily puzzle will not load');
    expect(mail.text).toContain('a fix is live');
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(
      '> The daily puzzle spins forever\n> since this morning.',
    );
    await thread.locator('.app-support-message-reply').getByText('a fix is live').waitFor();
    expect(await thread.getByLabel('Assignee').inputValue()).toBe(String(adminId));
    expect(await thread.getByText('Answered: the user’s turn').count()).toBe(1);
    // One primary action in the thread: the reply; moving the status is outlined.
    expect(await thread.locator('.btn-primary').allInnerTexts()).toEqual(['Send reply']);

    // Handing it to nobody and back still works from the picker.
    await thread.getByLabel('Assignee').selectOption('');
    await page.getByText('Assignee changed.').waitFor();
    await thread.getByLabel('Assignee').selectOption(String(adminId));
    await page.getByText('Assignee changed.').last().waitFor();

    // An internal note is marked as such.
    await box.fill('Caused by the CDN cache; see incident 42.');
    await thread.getByRole('button', { name: 'Add internal note' }).click();
    await page.getByText('Internal note added.').waitFor();
    await thread.locator('.app-support-message-note').getByText('Internal note').waitFor();

    // One click resolves; a resolved query offers Reopen.
    await thread.getByRole('button', { name: 'Mark resolved' }).click();
    await thread.getByRole('button', { name: 'Reopen' }).waitFor();
    expect(await statusOf(queryId)).toBe('resolved');
    await page.close();

    // The user follows up through the product: the query is open and waiting again.
    await fromProduct({ user_id: userId, query_id: queryId, message: 'Still spinning for me.' });
    expect(await statusOf(queryId)).toBe('open');
    const again = await open(`/help-center?open=${queryId}&assignee=mine`);
    const reopened = panel(again);
    await reopened.getByText('Still spinning for me.').waitFor();
    await reopened.getByText('Waiting since').waitFor();
    await reopened.getByRole('button', { name: 'Mark resolved' }).waitFor();
    expect(await again.locator('.app-list-table tbody tr').count()).toBe(1);
    await again.close();
    expect(problems).toEqual([]);
  });

  // The list itself is swept in every-page.spec.ts.
  it('has no serious axe finding in an open thread, in light LTR and dark RTL', async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await open();
      await page.getByRole('button', { name: 'Open the query “Daily puzzle will not load”' }).click();
      await panel(page).getByText('Caused by the CDN cache').waitFor();
      findings.push(
        ...(await seriousViolations(page, { within: '.offcanvas.show' })).map(
          (finding) => `${JSON.stringify(look)} thread ${finding}`,
        ),
      );
      await page.close();
    }
    await withUiSettings(context, server.url, {});
    expect(findings).toEqual([]);
  });
});
