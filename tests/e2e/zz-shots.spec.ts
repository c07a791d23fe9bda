import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let browser: Browser;
let token: string;
beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true' });
  browser = await launchChromium();
  token = await createTestSession();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PAGES = (process.env.SHOT_PAGES ?? '/users').split(',');
const WIDTHS = (process.env.SHOT_WIDTHS ?? '1024').split(',').map(Number);
const LOOKS = JSON.parse(process.env.SHOT_LOOKS ?? '[{}]') as Record<string, string>[];

describe('shots', () => {
  it('takes them', async () => {
    for (const look of LOOKS) {
      const context = await signedInContext(browser, server.url, token);
      await withUiSettings(context, server.url, look);
      if (look.lang) await context.addCookies([{ name: 'locale', value: look.lang, url: server.url }]);
      for (const width of WIDTHS) {
        for (const path of PAGES) {
          const page = await context.newPage();
          const problems = watchConsole(page);
          await page.setViewportSize({ width, height: 900 });
          await page.goto(path);
          await hydrated(page);
          if (process.env.SHOT_CLICK) {
            await page.locator(process.env.SHOT_CLICK).first().click();
            await page.waitForTimeout(800);
          }
          const name = `${path.replace(/[^a-z0-9]+/gi, '_')}-${width}-${Object.values(look).join('_') || 'light'}.png`;
          await page.screenshot({ path: `/tmp/tables/shots/${name}`, fullPage: process.env.SHOT_FULL === '1' });
          const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          console.log(name, 'sideways', scroll, problems.join(' | '));
          await page.close();
        }
      }
      await context.close();
    }
  }, 600_000);
});
