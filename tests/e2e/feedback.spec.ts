import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SnackbarOptions } from '../../src/stores/snackbar';
import { launchChromium, signedInContext, watchConsole } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { seriousViolations } from '../support/accessibility';

let server: TestServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The dashboard, signed in and hydrated, with its console watched. */
async function openDashboard(): Promise<{ page: Page; problems: string[] }> {
  context = await signedInContext(browser, server.url, await createTestSession());
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto('/dashboard');
  await page.locator('html[data-feedback="ready"]').waitFor({ state: 'attached' });
  // Keep the pointer off the corner where snackbars appear: hovering one pauses its countdown.
  await page.mouse.move(5, 5);
  return { page, problems };
}

/** The documented way for scripts outside React to show a snackbar. */
function show(page: Page, options: Omit<SnackbarOptions, 'action'>): Promise<void> {
  return page.evaluate((detail) => {
    window.dispatchEvent(new CustomEvent('app:snackbar', { detail }));
  }, options);
}

const snackbars = (page: Page) => page.locator('.app-snackbar:not(.is-leaving)');

async function texts(page: Page): Promise<string[]> {
  // Leaving ones are dropped from the DOM after their exit animation.
  await page.waitForFunction(() => document.querySelectorAll('.app-snackbar.is-leaving').length === 0);
  return snackbars(page).locator('.app-snackbar-message').allTextContents();
}

describe('snackbars in Chromium', () => {
  it('stacks at most three, announces them by variant, and passes axe', async () => {
    const { page, problems } = await openDashboard();
    for (const message of ['one', 'two', 'three']) await show(page, { message, autoHideMs: null });
    await show(page, {
      message: 'four',
      variant: 'alert',
      severity: 'error',
      transition: 'SlideUp',
      autoHideMs: null,
    });
    expect(await texts(page)).toEqual(['Information: two', 'Information: three', 'Error: four']);
    expect(
      await snackbars(page).evaluateAll((items) => items.map((item) => item.getAttribute('role'))),
    ).toEqual(['status', 'status', 'alert']);
    // One look per kind, whatever the variant: its colour and its icon.
    expect(
      await snackbars(page).evaluateAll((items) =>
        items.map((item) => [
          item.classList.contains('text-bg-secondary'),
          item.querySelector('svg') !== null,
        ]),
      ),
    ).toEqual([
      [true, true],
      [true, true],
      [false, true],
    ]);
    const newest = snackbars(page).last();
    expect(await newest.getAttribute('data-transition')).toBe('SlideUp');
    // Default corner: bottom right.
    const box = await newest.boundingBox();
    const viewport = page.viewportSize();
    expect(
      box && viewport && box.x + box.width > viewport.width - 40 && box.y + box.height > viewport.height - 40,
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await newest.getByRole('button', { name: 'Close' }).click();
    expect(await texts(page)).toEqual(['Information: two', 'Information: three']);
    expect(problems).toEqual([]);
  });

  it('hides itself after its time', async () => {
    const { page, problems } = await openDashboard();
    // Margins for a busy machine: shown for 3 s, still there 0.6 s after it appeared, gone well
    // before 8 s (at 1.2 s it could hide before a loaded test even saw it).
    await show(page, { message: 'brief', autoHideMs: 3000 });
    await snackbars(page).first().waitFor();
    await page.waitForTimeout(600);
    expect(await texts(page)).toEqual(['Information: brief']);
    await page.waitForFunction(() => document.querySelectorAll('.app-snackbar').length === 0, null, {
      timeout: 8000,
    });
    expect(problems).toEqual([]);
  });

  it('runs its action and closes, but stays on a click elsewhere', async () => {
    const { page, problems } = await openDashboard();
    await page.evaluate(() => {
      window.dispatchEvent(
        new CustomEvent('app:snackbar', {
          detail: {
            message: 'Item deleted',
            autoHideMs: null,
            action: { label: 'Undo', onClick: () => document.body.setAttribute('data-undone', 'yes') },
          },
        }),
      );
    });
    await snackbars(page).first().waitFor();
    // Clicks on text and on the page's margin: nothing there navigates (the dashboard's cards are links).
    await page.locator('main h1').click();
    // Below the content area's rounded top corner, on its margin.
    await page.locator('main').click({ position: { x: 8, y: 40 } });
    await page.waitForTimeout(400);
    expect(await texts(page)).toEqual(['Information: Item deleted']);

    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await page.locator('body').getAttribute('data-undone')).toBe('yes');
    expect(await texts(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('turns every transition into a fade for reduced motion', async () => {
    const { page } = await openDashboard();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await show(page, { message: 'calm', transition: 'SlideLeft', autoHideMs: null });
    const animation = await snackbars(page)
      .first()
      .evaluate((element) => getComputedStyle(element).animationName);
    expect(animation).toBe('app-snackbar-Fade-in');
  });

  it('shows the flash cookie set before a redirect, once', async () => {
    context = await signedInContext(browser, server.url, await createTestSession());
    const flash = encodeURIComponent(JSON.stringify({ messageKey: 'auth.reset.done', variant: 'success' }));
    await context.addCookies([{ name: 'flash', value: flash, url: server.url }]);
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto('/dashboard');
    await page.getByRole('alert').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect((await context.cookies()).some((cookie) => cookie.name === 'flash')).toBe(false);
    await page.reload();
    await page.locator('html[data-feedback="ready"]').waitFor({ state: 'attached' });
    expect(await snackbars(page).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('going offline in Chromium', () => {
  it('blocks the page behind an alert, then says the connection is back', async () => {
    const { page, problems } = await openDashboard();
    const usersLink = page.locator('nav.app-menu a[href="/users"]');
    await context!.setOffline(true);

    const offline = page.locator('.app-offline [role="alert"]');
    await offline.waitFor();
    expect(await offline.innerText()).toBe('No internet connection. Please check your network.');
    expect(await offline.locator('button').count()).toBe(0);
    // Bottom centre.
    const box = (await offline.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(box.y + box.height).toBeGreaterThan(viewport.height - 60);

    // Pointer: the layer covers the menu. Keyboard: the shell is inert, so Tab cannot reach it.
    expect(await page.locator('[data-app-shell]').evaluate((shell) => (shell as HTMLElement).inert)).toBe(
      true,
    );
    await expect(usersLink.click({ timeout: 1000 })).rejects.toThrow();
    const link = (await usersLink.boundingBox())!;
    await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-app-shell]') ?? null)).toBeNull();
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    await context!.setOffline(false);
    await page.locator('.app-offline').waitFor({ state: 'detached' });
    const restored = page.getByRole('alert').filter({ hasText: 'Internet connection restored.' });
    await restored.waitFor();
    expect(await restored.getAttribute('class')).toContain('text-bg-success');
    expect(await page.locator('[data-app-shell]').evaluate((shell) => (shell as HTMLElement).inert)).toBe(
      false,
    );
    await usersLink.click();
    await page.waitForURL('**/users');
    expect(problems).toEqual([]);
  });
});
