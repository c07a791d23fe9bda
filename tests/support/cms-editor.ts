import { and, eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import type { CmsSlug } from '../../src/features/cms/cms-slugs';
import { db } from '../../src/server/db/client';
import { cmsPages } from '../../src/server/db/schema';
import { hydrated } from './browser';

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

/** Saves the form and waits for its snackbar. */
export async function save(page: Page, message = 'Page saved.'): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator('.app-snackbar', { hasText: message }).waitFor();
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
