import type { Page } from 'playwright-core';
import { hydrated } from '../support/browser';
import { codeFrom, type Mailbox } from '../support/mailbox';

export { hydrated };

/** Page helpers for the sign-in and recovery journeys. */

export const digitBox = (page: Page, index: number) =>
  page.getByLabel(`Digit ${index} of 6`, { exact: true });

/** Email and password on `/`, then the code from the mail; the page is left on /code-verification. */
export async function passwordStep(page: Page, mailbox: Mailbox, email: string, password: string) {
  await page.goto('/');
  await hydrated(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/code-verification');
  return codeFrom(await mailbox.nextMail(email));
}

/** Types the code key by key into the first box: each digit moves focus to the next box. */
export async function typeCode(page: Page, code: string) {
  await hydrated(page);
  await digitBox(page, 1).focus();
  await page.keyboard.type(code);
}

/** A real paste event (with clipboard data) on one box. */
export async function pasteCode(page: Page, box: number, text: string) {
  await hydrated(page);
  await digitBox(page, box).evaluate((input, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    input.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

export const focusedLabel = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? null,
  );

export const boxValues = (page: Page) =>
  page
    .locator('fieldset input')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).join(''));

/** Console errors except the browser's own line for an HTTP error answer the test asked for. */
export const unexpected = (problems: string[]) =>
  problems.filter(
    (problem) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(problem),
  );
