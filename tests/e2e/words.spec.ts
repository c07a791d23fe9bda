import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/server/audit/service';
import { db } from '../../src/server/db/client';
import { AXE_LOOKS, seriousViolations } from '../support/accessibility';
import { hydrated, launchChromium, signedInContext, withUiSettings } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

/** Issue #42, "Words": counts in each language's grammar, the audit log in words, French that fits. */
let server: TestServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  await insertUsers([
    { firstName: 'Numbat', lastName: 'One', email: 'n1@example.test' },
    { firstName: 'Numbat', lastName: 'Two', email: 'n2@example.test' },
  ]);
  const database = await db();
  for (const [action, target, detail] of [
    ['permission.denied', 'route:/audit', { permission: 'audit.view', method: 'GET' }],
    ['permission.denied', 'route:/api/admin/getusers', { permission: 'users.view', method: 'GET' }],
    ['roles.update', 'roles:owner', { before: { name: '' }, after: { name: '' } }],
    ['roles.delete', 'roles:custom-62c337ed7e01', { name: 'Night shift', permissions: [] }],
  ] as const) {
    await audit(database, { adminId: null, action, target, detail: JSON.stringify(detail) });
  }
  context = await signedInContext(browser, server.url, await createTestSession());
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function open(path: string, locale: string, width = 1440): Promise<Page> {
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
  await hydrated(page);
  return page;
}

describe('counts', () => {
  it.each([
    ['en', 'Block', ['1 selected', '2 selected'], ['Block 1 user?', 'Block 2 users?']],
    [
      'ro',
      'Blochează',
      ['1 rând selectat', '2 rânduri selectate'],
      ['Blochezi 1 utilizator?', 'Blochezi 2 utilizatori?'],
    ],
  ])(
    '%s: one and two chosen users are said in the singular and the plural',
    async (locale, block, bars, titles) => {
      const page = await open('/users?search=numbat', locale);
      const rows = page.locator('.app-list-table tbody tr');
      for (const index of [0, 1]) {
        await rows.nth(index).getByRole('checkbox').check();
        const bar = page.getByRole('region', { name: bars[index] });
        await bar.getByRole('button', { name: block, exact: true }).click();
        await page.getByRole('dialog', { name: titles[index] }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await page.close();
    },
  );
});

describe('the audit log', () => {
  it('names refused pages, endpoints and roles in words, and narrows to one of them', async () => {
    const page = await open('/audit', 'en');
    const targets = await page.locator('.app-list-table tbody tr td:nth-child(4)').allInnerTexts();
    expect(targets).toEqual(
      expect.arrayContaining(['Page “Audit Log”', 'API: getusers', 'Role “Owner”', 'Role “Night shift”']),
    );
    expect(targets.join(' ')).not.toMatch(/route:|custom-/);
    const fr = await open('/audit', 'fr');
    expect(await fr.locator('.app-list-table tbody').innerText()).toContain(
      'Rôle «\u00a0Propriétaire\u00a0»',
    );
    // The target filter still narrows to one target, and says which in words.
    const narrowed = await open(`/audit?target=${encodeURIComponent('roles:custom-62c337ed7e01')}`, 'en');
    expect(await narrowed.locator('.app-list-table tbody tr').count()).toBe(1);
    expect(await narrowed.locator('#main').innerText()).toContain('Role “Night shift”');
    for (const p of [page, fr, narrowed]) await p.close();
  });
});

/** Each list's search box, by page: its placeholder must be readable whole. */
const SEARCH_PAGES = [
  '/users',
  '/notifications',
  '/puzzles',
  '/puzzles?view=history',
  '/help-center',
  '/audit',
  '/account-setting?tab=admins',
  '/account-setting?tab=keys',
];

describe('French placeholders', () => {
  it.each([390, 1024])('fit their search boxes at %i px', async (width) => {
    const cut: string[] = [];
    for (const path of SEARCH_PAGES) {
      const page = await open(path, 'fr', width);
      const overflowing = await page.evaluate(() => {
        const context = document.createElement('canvas').getContext('2d')!;
        return [...document.querySelectorAll<HTMLInputElement>('#main input[placeholder]')]
          .filter((input) => input.offsetParent !== null)
          .flatMap((input) => {
            const style = getComputedStyle(input);
            context.font = style.font;
            const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            const needs = context.measureText(input.placeholder).width;
            return needs > room
              ? [`${input.placeholder} (${Math.round(needs)} px in ${Math.round(room)})`]
              : [];
          });
      });
      cut.push(...overflowing.map((text) => `${path}: ${text}`));
      await page.close();
    }
    expect(cut).toEqual([]);
  });

  it('leave /users whole and accessible in every look', async () => {
    const findings: string[] = [];
    for (const look of AXE_LOOKS) {
      await withUiSettings(context, server.url, look);
      const page = await open('/users', 'fr', 390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      findings.push(
        ...(await seriousViolations(page, { within: '#main' })).map((f) => `${JSON.stringify(look)} ${f}`),
      );
      await page.close();
    }
    await withUiSettings(context, server.url, {});
    expect(findings).toEqual([]);
  });
});
