import type { BrowserContext, Page } from 'playwright-core';
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
