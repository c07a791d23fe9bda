import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import {
  DEFAULT_UI_SETTINGS,
  serializeUiSettings,
  UI_COOKIE,
  type UiSettings,
} from '../../src/shared/settings/ui-settings';

/**
 * Debian's Chromium (`npx playwright install` cannot download browsers on these machines): its
 * headless shell when installed, which is what Playwright itself runs for headless tests. It is
 * the same Blink and V8 without the desktop browser around them, and the journeys take about 40%
 * less CPU in it than in the full browser (docs/testing.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

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
      // A test page lives for seconds: V8's top tier (TurboFan) compiles code it seldom gets to
      // run, on threads that compete with the server for two cores. Without it the journeys take
      // 10-17% less CPU; what the pages do is the same.
      '--js-flags=--max-opt=2',
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

/**
 * What Chromium itself reports that is no fault of a page: it skipped the page-change fade (a
 * cross-document view transition, styles/_transitions.scss) because the new page was already on
 * screen, which a quick chain of navigations can do. The page is whole; only the fade did not run.
 */
const BROWSER_NOTES = [/^Transition was aborted because of invalid state/];

/** Collects console errors and CSP violations so a test can assert the page ran clean. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  const note = (text: string) => {
    if (!BROWSER_NOTES.some((pattern) => pattern.test(text))) problems.push(text);
  };
  page.on('console', (message) => {
    if (message.type() === 'error') note(message.text());
  });
  page.on('pageerror', (error) => note(error.message));
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
 * Waits until every island on the page has hydrated: React has committed it, not only been asked
 * to. Astro drops an island's `ssr` mark as soon as it calls `hydrateRoot`, which hydrates in a
 * transition; on a loaded machine a test could act in between. Reads React's root (the island is
 * its container) for that. Polls on a timer rather than on animation frames, which a background
 * tab does not get.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('astro-island')].every((island) => {
        if (island.hasAttribute('ssr')) return false;
        const key = Object.keys(island).find((name) => name.startsWith('__reactContainer$'));
        if (!key) return true;
        const root = (island as unknown as Record<string, { stateNode: ReactRoot }>)[key]?.stateNode;
        return root?.current.memoizedState?.isDehydrated !== true;
      }),
    null,
    { polling: 50 },
  );
}

/** The part of React's internal root `hydrated` reads. */
interface ReactRoot {
  current: { memoizedState: { isDehydrated?: boolean } | null };
}

/**
 * Whether the element's text is drawn in its reading order from left to right: its first
 * character stands left of its last (`+40 721 000 111` drawn as `111 000 721 40+` in a
 * right-to-left run is not).
 */
export function drawnLeftToRight(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode())
      if (walker.currentNode.textContent!.trim()) texts.push(walker.currentNode as Text);
    const first = texts[0]!;
    const last = texts.at(-1)!;
    const box = (node: Text, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    const start = first.textContent!.search(/\S/);
    const end = last.textContent!.trimEnd().length - 1;
    return box(first, start).left < box(last, end).left;
  });
}
