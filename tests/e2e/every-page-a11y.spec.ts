import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGES, PUBLIC_PAGES } from '../../src/server/http/routes';
import { AXE_LOOKS, lookName, seriousViolations } from '../support/accessibility';
import { launchChromium, signedInContext, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Issue #4: zero serious or critical axe findings on every page, in light and dark and in RTL
 * (AXE_LOOKS says why two looks cover the four combinations).
 */
describe('every page with axe-core', () => {
  for (const look of AXE_LOOKS) {
    it(`has no serious finding in ${lookName(look)}`, async () => {
      const signedOut = await browser.newContext({ baseURL: server.url });
      const signedIn = await signedInContext(browser, server.url, await createTestSession());
      const findings: string[] = [];
      for (const [context, pages] of [
        [signedOut, PUBLIC_PAGES],
        [signedIn, ADMIN_PAGES],
      ] as const) {
        await withUiSettings(context, server.url, look);
        const page = await context.newPage();
        for (const path of pages) {
          await page.goto(path);
          expect(new URL(page.url()).pathname, 'not redirected').toBe(path);
          findings.push(...(await seriousViolations(page)).map((finding) => `${path} ${finding}`));
        }
      }
      expect(findings).toEqual([]);
      await signedOut.close();
      await signedIn.close();
    });
  }
});
