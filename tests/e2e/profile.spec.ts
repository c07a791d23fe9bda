import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { hydrated, launchChromium, signedInContext, watchConsole } from '../support/browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { png } from '../support/users';

const fr = JSON.parse(fs.readFileSync('src/i18n/fr.json', 'utf8')) as Record<string, string>;

let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

const savedAdmin = async () =>
  (await (await db()).select().from(admins).where(eq(admins.email, TEST_ADMIN.email)))[0]!;

describe('profile', () => {
  it('saves a new name and photo, and the header follows at once and on the next page', async () => {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/profile');
    await hydrated(page);
    const greeting = page.locator('header [data-greeting]');
    const header = page.locator('header [data-header-account]');
    expect(await header.locator('img').count()).toBe(0);

    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    expect(await page.getByLabel('Email').isEditable()).toBe(false);
    // It reads as text: no box around a field that cannot be typed in.
    expect(
      await page.getByLabel('Email').evaluate((input) => {
        const style = getComputedStyle(input);
        return [style.borderLeftWidth, style.borderTopColor];
      }),
    ).toEqual(['0px', 'rgba(0, 0, 0, 0)']);
    await page.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await png(120, 120, '#884488'),
    });
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();
    // No reload: the same document, the header changed in place.
    expect(await greeting.innerText()).toBe('Hi, Ada');
    const src = await header.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
    expect((await savedAdmin()).profile).toBe(src);

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    expect(await page.locator('header [data-greeting]').innerText()).toBe('Hi, Ada');
    expect(await page.locator('header [data-header-account] img').getAttribute('src')).toBe(src);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a missing name under its field and saves nothing', async () => {
    const page = await context.newPage();
    await page.goto('/profile');
    await hydrated(page);
    const before = await savedAdmin();
    await page.getByLabel('First name').fill('   ');
    await page.getByRole('button', { name: 'Save profile' }).click();
    const field = page.getByLabel('First name');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await field.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await savedAdmin()).firstName).toBe(before.firstName);
    await page.close();
  });

  it('keeps a language chosen in the header menu on the admin, so a new browser opens in it', async () => {
    const page = await context.newPage();
    await page.goto('/dashboard');
    await hydrated(page);
    await page.locator('header').getByRole('button', { name: 'Language' }).click();
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('menuitemradio', { name: 'Français' }).click(),
    ]);
    expect((await savedAdmin()).locale).toBe('fr');
    await page.close();

    // Another browser, no language cookie: the server renders the admin's saved language.
    const other = await signedInContext(browser, server.url, await createTestSession());
    const elsewhere = await other.newPage();
    await elsewhere.goto('/profile');
    expect(await elsewhere.locator('html').getAttribute('lang')).toBe('fr');
    expect(await elsewhere.locator('h1').innerText()).toBe(fr['shell.profile']);
    // And the profile's language field sends it back to English, reloading in it.
    await hydrated(elsewhere);
    await elsewhere.locator('main').getByLabel(fr['profile.language']!).selectOption('en');
    await Promise.all([
      elsewhere.waitForEvent('load'),
      elsewhere.getByRole('button', { name: fr['profile.save']! }).click(),
    ]);
    expect(await elsewhere.locator('html').getAttribute('lang')).toBe('en');
    await elsewhere.getByText('Profile saved').waitFor();
    expect((await savedAdmin()).locale).toBe('en');
    await other.close();
  });
});
