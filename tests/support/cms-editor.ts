import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { CmsSlug } from '../../src/shared/cms/cms-slugs';
import { db } from '../../src/server/db/client';
import { cmsPages } from '../../src/server/db/schema';
import { post } from './api';
import { hydrated, watchConsole } from './browser';

/** Opens a CMS editor page in `context` and waits until it has hydrated. */
export async function openEditor(context: BrowserContext, path = '/aboutus'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

/** The rich-text editor's editable area. */
export const editor = (page: Page) => page.getByRole('textbox', { name: 'Text' });

/** The picker of the language version being edited. */
export const languagePicker = (page: Page) =>
  page.getByRole('combobox', { name: 'Language of this version' });

/** Publishes the form (the editor's primary button) and waits for its snackbar. */
export async function save(page: Page, message = 'Page published.'): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.locator('.app-snackbar', { hasText: message }).waitFor();
}

/** Keeps the form as the version's draft and waits for its snackbar. */
export async function saveDraft(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await page.locator('.app-snackbar', { hasText: 'Draft saved.' }).waitFor();
}

/** A button of the editor's formatting toolbar. */
export const tool = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

/** The English version of a page as stored. */
export const storedPage = async (slug: CmsSlug = 'about-us') =>
  (
    await (
      await db()
    )
      .select({ title: cmsPages.title, content: cmsPages.content })
      .from(cmsPages)
      .where(and(eq(cmsPages.slug, slug), eq(cmsPages.locale, 'en')))
  )[0];

/** Stores a page's English version through the API, as the editor's Save does; throws if refused. */
export async function storePage(
  baseUrl: string,
  token: string,
  page: { slug: CmsSlug; title: string; content: string },
): Promise<void> {
  const answer = await post(baseUrl, '/api/admin/updatecms', page, { cookie: `session=${token}` });
  if (answer.status !== 200)
    throw new Error(`updatecms answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

/** Opens a public page as a signed-out visitor; collects console errors and any dialog. */
export async function visitSignedOut(browser: Browser, baseUrl: string, path: string) {
  const visitor = await browser.newContext({ baseURL: baseUrl });
  const page = await visitor.newPage();
  const problems = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.goto(path);
  return { visitor, page, problems, dialogs };
}
