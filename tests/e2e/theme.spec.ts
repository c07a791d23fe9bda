import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FONTS, PRESETS, THEME_MODES, type UiSettings } from '../../src/shared/settings/ui-settings';
import { hydrated, launchChromium, signedInContext, watchConsole, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { LOOK_RULES, seriousViolations } from '../support/accessibility';

/**
 * The look (src/styles/_theme.scss) as the server renders it from the `ui` cookie: every preset in
 * both modes on the dashboard (and on a signed-out page), then fonts, radius, filled fields and RTL.
 * One browser; one signed-out and one signed-in page reused across looks to stay quick.
 */

let server: TestServer;
let browser: Browser;
let guest: { context: BrowserContext; page: Page };
let admin: { context: BrowserContext; page: Page };
let problems: string[][] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  const guestContext = await browser.newContext({ baseURL: server.url });
  const adminContext = await signedInContext(browser, server.url, await createTestSession());
  guest = { context: guestContext, page: await guestContext.newPage() };
  admin = { context: adminContext, page: await adminContext.newPage() };
  problems = [watchConsole(guest.page), watchConsole(admin.page)];
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(
  who: { context: BrowserContext; page: Page },
  path: string,
  settings: Partial<UiSettings>,
): Promise<Page> {
  await withUiSettings(who.context, server.url, settings);
  await who.page.goto(path);
  return who.page;
}

/** A custom property as a browser colour (`rgb(…)`), read through a probe element. */
function computedColour(page: Page, property: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, property);
}

/** The background of a freshly inserted `.btn` with these classes. */
function buttonBackground(page: Page, classes: string): Promise<string> {
  return page.evaluate((className) => {
    const button = document.createElement('button');
    button.className = className;
    button.textContent = 'probe';
    document.body.append(button);
    const background = getComputedStyle(button).backgroundColor;
    button.remove();
    return background;
  }, classes);
}

/** The axe rules that judge colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

describe('colour presets in both modes', () => {
  const primaries = new Map<string, Set<string>>(THEME_MODES.map((mode) => [mode, new Set()]));
  const emphasis = new Map<string, string>();

  /** The preset as the server drew it on `page`, and its primary and emphasis colours noted. */
  async function applied(page: Page, preset: string, mode: string): Promise<void> {
    const html = page.locator('html');
    expect(await html.getAttribute('data-preset')).toBe(preset);
    expect(await html.getAttribute('data-bs-theme')).toBe(mode);
    const primary = await computedColour(page, '--bs-primary');
    expect(await buttonBackground(page, 'btn btn-primary')).toBe(primary);
    expect(await buttonBackground(page, 'btn btn-secondary')).toBe(
      await computedColour(page, '--bs-secondary'),
    );
    primaries.get(mode)!.add(primary);
    emphasis.set(`${preset} ${mode}`, await computedColour(page, '--bs-primary-text-emphasis'));
  }

  // The dashboard holds every kind of coloured thing the sign-in page has (buttons, links, fields)
  // and more (cards, badges, charts), so each preset's contrast is judged there. A preset changes
  // colours only: the full sweep of every page runs in every-page.spec.ts.
  it.each(THEME_MODES.flatMap((mode) => PRESETS.map((preset) => [preset, mode] as const)))(
    '%s in %s: applied, and no serious contrast finding on /dashboard',
    async (preset, mode) => {
      const page = await open(admin, '/dashboard', { preset, mode });
      await applied(page, preset, mode);
      expect(await seriousViolations(page, { rules: COLOUR_RULES }), `${preset} ${mode}`).toEqual([]);
      expect(problems.flat()).toEqual([]);
    },
  );

  it.each(THEME_MODES)('the last preset in %s is drawn on the signed-out pages too', async (mode) => {
    const preset = PRESETS.at(-1)!;
    await applied(await open(guest, '/', { preset, mode }), preset, mode);
    expect(problems.flat()).toEqual([]);
  });

  it('gives every preset its own primary, in each mode', () => {
    for (const mode of THEME_MODES) expect(primaries.get(mode)!.size).toBe(PRESETS.length);
  });

  it("gives every preset a dark palette of its own (emphasis tints up where light's shades down)", () => {
    for (const preset of PRESETS) {
      expect(emphasis.get(`${preset} dark`), preset).toBeDefined();
      expect(emphasis.get(`${preset} dark`), preset).not.toBe(emphasis.get(`${preset} light`));
    }
  });

  it('switches live when the settings change <html>, without a reload', async () => {
    const page = await open(guest, '/', { preset: 'default', mode: 'light' });
    const before = await buttonBackground(page, 'btn btn-primary');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const lightBody = await background();
    await page.evaluate(() => {
      document.documentElement.dataset['preset'] = 'theme3';
      document.documentElement.dataset['bsTheme'] = 'dark';
    });
    expect(await buttonBackground(page, 'btn btn-primary')).not.toBe(before);
    expect(await background()).not.toBe(lightBody);
  });
});

describe('fonts', () => {
  it.each(FONTS)('%s: the body uses it and only its files load', async (font) => {
    // A fresh context each time: a cached font would not show up as a request.
    const context = await browser.newContext({ baseURL: server.url });
    await withUiSettings(context, server.url, { font });
    const page = await context.newPage();
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fontFiles.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family.toLowerCase()).toMatch(new RegExp(`^"?${font}"?,`));
    expect(fontFiles.length).toBeGreaterThan(0);
    expect(fontFiles.filter((file) => !file.includes(`/${font}-`))).toEqual([]);
    await context.close();
  });
});

describe('radius', () => {
  it.each([0, 7, 24])('%ipx on buttons, fields and cards', async (radius) => {
    let page = await open(admin, '/dashboard', { radius });
    const style = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).borderTopLeftRadius);
    expect(await style('[data-drawer-toggle]')).toBe(`${radius}px`);
    page = await open(guest, '/', { radius });
    expect(await style('.card')).toBe(`${radius}px`);
    expect(await style('input.form-control')).toBe(`${radius}px`);
  });
});

describe('input style', () => {
  it.each(THEME_MODES)(
    'filled fields in %s mode: tinted, ruled below, focus visible, axe clean',
    async (mode) => {
      const field = () => guest.page.locator('input.form-control').first();
      const look = () =>
        field().evaluate((input) => {
          const style = getComputedStyle(input);
          return { bg: style.backgroundColor, top: style.borderTopColor, bottom: style.borderBottomColor };
        });
      await open(guest, '/', { mode, inputStyle: 'outlined' });
      const outlined = await look();
      await open(guest, '/', { mode, inputStyle: 'filled' });
      const filled = await look();
      expect(filled.bg).not.toBe(outlined.bg);
      expect(filled.top).toBe('rgba(0, 0, 0, 0)');
      expect(filled.bottom).not.toBe('rgba(0, 0, 0, 0)');
      // Focus after hydration: the sign-in island replaces the server's field when it hydrates.
      await hydrated(guest.page);
      await field().focus();
      expect(await field().evaluate((input) => input === document.activeElement)).toBe(true);
      // The border eases to its focus colour (a CSS transition): read it once that has ended.
      await guest.page.waitForFunction(() => document.getAnimations().length === 0);
      const focused = await look();
      expect(focused.bottom).not.toBe(filled.bottom);
      // Filled fields change colours and borders only: the rules a look can change.
      expect(await seriousViolations(guest.page, { rules: LOOK_RULES })).toEqual([]);
    },
  );
});

describe('right to left', () => {
  // axe judges every page right to left in every-page.spec.ts (dark RTL, the rules a look changes).
  it.each(THEME_MODES)('%s mode: dir on <html>, utilities flip', async (mode) => {
    let page = await open(guest, '/', { mode, direction: 'rtl' });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // The language menu sits at the end of the header (`ms-auto`): the left in RTL.
    const box = await page.locator('.app-public-header .ms-auto').boundingBox();
    const width = page.viewportSize()!.width;
    expect(box!.x + box!.width).toBeLessThan(width / 2);

    page = await open(admin, '/dashboard', { mode, direction: 'rtl' });
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    // Flipped rules keep their specificity: reboot's `ul` padding must not beat a class's reset.
    const menuList = page.locator('.app-menu-list').first();
    expect(await menuList.evaluate((list) => getComputedStyle(list).paddingRight)).toBe('0px');
  });

  it('keeps ms-auto on the right in LTR', async () => {
    const page = await open(guest, '/', { direction: 'ltr' });
    const box = await page.locator('.app-public-header .ms-auto').boundingBox();
    expect(box!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  });
});
