import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_LOOKS, lookName, seriousViolations } from '../support/accessibility';
import { adminWithRole } from '../support/admins';
import { launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let browser: Browser;
let owner: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  owner = await signedInContext(browser, server.url, await createTestSession());
  await owner.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});
afterAll(async () => {
  await owner?.close();
  await browser?.close();
  await server?.stop();
});

/** Issue #39: the API describes itself, and admins who hand out keys read it in the shell. */
describe('the API reference in Chromium', () => {
  it('draws each operation of the product API from its document, and copies a call as curl', async () => {
    const document = (await (await fetch(`${server.url}/api/app/openapi.json`)).json()) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    const expected = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const page = await owner.newPage();
    const problems = watchConsole(page);
    await page.goto('/api-docs');
    const drawn = await page
      .locator('details.app-api-operation > summary')
      .evaluateAll((summaries) =>
        summaries.map(
          (summary) =>
            `${summary.querySelector('.badge')!.textContent!.trim()} ${summary.querySelector('code')!.textContent}`,
        ),
      );
    expect(drawn.sort()).toEqual(expected.sort());

    const sync = page.locator('details.app-api-operation', {
      has: page.locator('code', { hasText: /^\/api\/app\/users$/ }),
    });
    await sync.locator('summary').click();
    await expect
      .poll(() => sync.getByText('A product key with “Add and update users”').count())
      .toBeGreaterThan(0);
    await sync.getByRole('button', { name: 'Copy as curl' }).click();
    await sync.getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`curl -X POST '${document.servers[0]!.url}/api/app/users'`);
    expect(copied).toContain('Authorization: Bearer $KEY');

    // The back-office's own document: sign-in included, needing nothing.
    await page.getByRole('link', { name: 'Back-office API' }).click();
    await page.waitForURL((url) => url.searchParams.get('doc') === 'admin');
    const login = page.locator('details.app-api-operation', {
      has: page.locator('code', { hasText: /^\/api\/admin\/login$/ }),
    });
    expect(await login.locator('summary').textContent()).toContain('Anyone');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is for admins who may see the API keys', async () => {
    const agent = await adminWithRole('support', 'Helping');
    const context = await signedInContext(browser, server.url, agent.token);
    const page = await context.newPage();
    await page.goto('/api-docs');
    await page.getByRole('heading', { name: 'Not part of your role' }).waitFor();
    expect(await page.locator('details.app-api-operation').count()).toBe(0);
    await context.close();
  });

  it.each([
    ['fr', 'Référence de l’API', 'Copier en curl'],
    ['zh', 'API 参考', '复制为 curl'],
  ])('speaks %s', async (locale, title, copy) => {
    await owner.addCookies([{ name: 'locale', value: locale, url: server.url }]);
    const page = await owner.newPage();
    await page.goto('/api-docs');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('details.app-api-operation > summary').first().click();
    await page.getByRole('button', { name: copy }).first().waitFor();
    await page.close();
    await owner.addCookies([{ name: 'locale', value: 'en', url: server.url }]);
  });

  it.each(AXE_LOOKS)('has no serious axe violation, every operation open (%o)', async (look) => {
    const context = await signedInContext(browser, server.url, await createTestSession());
    await withUiSettings(context, server.url, look);
    const page = await context.newPage();
    await page.goto('/api-docs');
    await page
      .locator('details.app-api-operation')
      .evaluateAll((all) => all.forEach((one) => one.setAttribute('open', '')));
    expect(await seriousViolations(page), lookName(look)).toEqual([]);
    // Nothing scrolls sideways on a phone.
    await page.setViewportSize({ width: 390, height: 800 });
    // (polled: the menu slides out of the way when the window narrows)
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
      .toBe(true);
    await context.close();
  });
});
