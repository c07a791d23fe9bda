import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ACCOUNT_TABS } from '../../src/shared/account/account-tabs';
import type { UiSettings } from '../../src/shared/settings/ui-settings';
import { ADMIN_PAGES, PUBLIC_PAGES } from '../../src/server/http/routes';
import { AXE_LOOKS, LOOK_RULES, seriousViolations } from '../support/accessibility';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { createKey } from '../support/api-keys';
import { layoutFindings } from '../support/layout-checks';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/** Where the screenshots go: CI keeps the folder as an artefact (docs/testing.md). */
const SCREENS = path.resolve(import.meta.dirname, '../../test-results/screens');

/** A phone, a small laptop and a desktop: the widths issue #27 judged every screen at. */
const WIDTHS = [1440, 1024, 390] as const;
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 1440: 900, 1024: 768, 390: 844 };

interface Look {
  name: string;
  locale: string;
  ui: Partial<UiSettings>;
  /**
   * What axe sweeps in it: every rule in light LTR, then in dark RTL only what the mode and the
   * direction can change (AXE_LOOKS, LOOK_RULES).
   */
  axe?: 'all' | typeof LOOK_RULES;
}

/**
 * English as drawn by default, French (the longest words) in dark, Romanian right to left, and
 * Chinese, drawn by the font the product ships (this machine has no CJK font of its own).
 */
const LOOKS: Look[] = [
  { name: 'en-light-ltr', locale: 'en', ui: AXE_LOOKS[0]!, axe: 'all' },
  { name: 'fr-dark-ltr', locale: 'fr', ui: { mode: 'dark' } },
  { name: 'ro-dark-rtl', locale: 'ro', ui: AXE_LOOKS[1]!, axe: LOOK_RULES },
  { name: 'zh-light-ltr', locale: 'zh', ui: {} },
];

/** Every screen: the public pages signed out; every signed-in page, tab and view with the demo data. */
const SCREENS_SIGNED_OUT = [...PUBLIC_PAGES];
const SCREENS_SIGNED_IN = [
  ...ADMIN_PAGES,
  // The longest dashboard: its hidden day-by-day tables once left 1,600 px of empty page below it.
  '/dashboard?range=90',
  '/puzzles?view=history',
  ...Object.keys(ACCOUNT_TABS)
    .slice(1)
    .map((tab) => `/account-setting?tab=${tab}`),
];

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
  browser = await launchChromium();
  // The demo data has no product API key: one, so the keys tab shows a row (its prefix is code).
  await createKey(server.url, await createTestSession(), 'Sweep key');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const fileName = (address: string) =>
  address === '/'
    ? 'sign-in'
    : address
        .slice(1)
        .replace(/[?=]+/g, '-')
        .replace(/^-|\/+/g, '');

/** What a screen logs by design: without an invitation's token, /accept-invite answers 410 Gone. */
const EXPECTED_LOG: Record<string, RegExp> = { '/accept-invite': /status of 410\b/ };

async function sweep(context: BrowserContext, look: Look, addresses: string[]): Promise<string[]> {
  await withUiSettings(context, server.url, look.ui);
  await context.addCookies([{ name: 'locale', value: look.locale, url: server.url, sameSite: 'Lax' }]);
  const page = await context.newPage();
  // Console errors and CSP refusals, on every screen in every look.
  const problems = watchConsole(page);
  const findings: string[] = [];
  for (const address of addresses) {
    await page.setViewportSize({ width: WIDTHS[0], height: HEIGHTS[WIDTHS[0]] });
    await page.goto(address);
    const { pathname, search } = new URL(page.url());
    if (pathname + search !== address) findings.push(`${address} went to ${pathname}${search}`);
    await hydrated(page);
    // Islands that load when the browser is idle (the dashboard's charts) take their place first.
    await page.waitForLoadState('networkidle');
    if (look.axe) {
      const rules = look.axe === 'all' ? undefined : look.axe;
      findings.push(...(await seriousViolations(page, { rules })).map((finding) => `${address} ${finding}`));
    }
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHTS[width] });
      // Two frames, so resize observers (the dashboard's charts take their card's new width) have
      // run before anything is measured; a timer in case the tab gets no frames.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
            setTimeout(resolve, 500);
          }),
      );
      await page.waitForFunction(
        () => document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
        null,
        { polling: 50 },
      );
      const found = await layoutFindings(page, {
        actionsInView: width >= 1024,
        colours: width === WIDTHS[0],
      });
      findings.push(...found.map((finding) => `${address} at ${width} px: ${finding}`));
      const file = path.join(SCREENS, look.name, String(width), `${fileName(address)}.png`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file });
    }
    const logged = problems.splice(0).filter((problem) => !EXPECTED_LOG[address]?.test(problem));
    findings.push(...logged.map((problem) => `${address} logged: ${problem}`));
  }
  await page.close();
  return findings;
}

/**
 * Issue #27's sweep: every screen with the demo data at 390, 1024 and 1440 px in three looks.
 * Never sideways, row actions in view from 1024 px, no clipped header, no unthemed Bootstrap colour,
 * no scroll past the content, nothing logged (console errors, CSP refusals); axe finds nothing
 * serious in light LTR and dark RTL (issue #4).
 * The looks run side by side: a look mostly waits on the browser.
 */
describe.concurrent('every screen at every width', () => {
  for (const look of LOOKS) {
    // Three widths of 27 screens, with axe: longer than a journey's 90 s on a loaded machine.
    it(`holds in ${look.name}`, { timeout: 300_000 }, async ({ expect }) => {
      const signedOut = await browser.newContext({ baseURL: server.url });
      const signedIn = await signedInContext(browser, server.url, await createTestSession());
      const findings = [
        ...(await sweep(signedOut, look, SCREENS_SIGNED_OUT)),
        ...(await sweep(signedIn, look, SCREENS_SIGNED_IN)),
      ];
      await signedOut.close();
      await signedIn.close();
      expect(findings).toEqual([]);
    });
  }
});
