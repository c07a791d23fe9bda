import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  DEFAULT_UI_SETTINGS,
  serializeUiSettings,
  UI_COOKIE,
  type UiSettings,
} from '../../src/features/settings/ui-settings';

/** Debian's Chromium: `npx playwright install` cannot download browsers on these machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** A context already signed in with `token` (the session cookie for the test server's host). */
export async function signedInContext(
  browser: Browser,
  baseUrl: string,
  token: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addCookies([
    { name: 'session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
  return context;
}

/** Collects console errors and CSP violations so a test can assert the page ran clean. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Gives `context` a saved look, as the settings drawer would have left it (the `ui` cookie). */
export async function withUiSettings(
  context: BrowserContext,
  baseUrl: string,
  settings: Partial<UiSettings>,
): Promise<void> {
  const value = serializeUiSettings({ ...DEFAULT_UI_SETTINGS, ...settings });
  await context.addCookies([
    { name: UI_COOKIE, value: encodeURIComponent(value), url: baseUrl, sameSite: 'Lax' },
  ]);
}

/**
 * Waits until every island on the page has hydrated. Polls on a timer rather than on animation
 * frames, which a background tab does not get.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, {
    polling: 50,
  });
}
