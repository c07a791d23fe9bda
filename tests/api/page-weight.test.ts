import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  everyScreen,
  gzipBytes,
  htmlOverCeiling,
  jsTotal,
  KB,
  overBudget,
} from '../../scripts/bench/page-weight.mjs';
import { scriptWeigher } from '../../scripts/bench/script-graph.mjs';
import { printTable } from '../../scripts/bench/table.mjs';
import { ACCOUNT_TABS } from '../../src/shared/account/account-tabs';
import { ADMIN_PAGES, PUBLIC_PAGES } from '../../src/server/http/routes';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

// Issues #4, #11, #12 and #39: every screen's first-visit JavaScript within its budget, in bytes
// from the build (the same figure on every run), so a budget fails `npm test` rather than only
// `npm run bench:web`. Issue #43: each page's HTML, held under today's weight until it lowers it.

const SCREENS = everyScreen({
  publicPages: PUBLIC_PAGES,
  adminPages: ADMIN_PAGES,
  accountTabs: ACCOUNT_TABS,
});
const kb = (bytes: number) => (bytes / KB).toFixed(1);

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  // The demo data, as bench:web and every-page.spec.ts use: lists and charts as an admin sees them.
  server = await startTestServer({ SEED_DEMO: 'true' });
  cookie = sessionCookie(await createTestSession());
});
afterAll(() => server?.stop());

describe('what a first visit to each page weighs', () => {
  it('keeps every screen within its JavaScript budget and its HTML under its ceiling', async () => {
    const weighPage = scriptWeigher(fileURLToPath(new URL('../../dist/client', import.meta.url)));
    const pages = [];
    for (const screen of SCREENS) {
      const response = await fetch(server.url + screen.path, {
        headers: screen.signedIn ? { cookie } : {},
        redirect: 'manual',
      });
      expect(response.status, `${screen.path} (signed ${screen.signedIn ? 'in' : 'out'})`).toBe(200);
      const html = await response.text();
      const js = await weighPage(html, { onUse: screen.onUse });
      pages.push({ ...screen, ...js, html: Buffer.byteLength(html), htmlGzip: gzipBytes(html) });
    }

    console.log('\nFirst visit, from dist/client (kB = 1000 bytes; gzip at zlib level 6)\n');
    printTable(
      [
        'page',
        'scripts',
        'JS gzip B',
        '+ on use B',
        'JS budget kB',
        'HTML B',
        'HTML gzip B',
        'HTML ceiling kB',
      ],
      pages.map((page) => [
        page.path,
        page.scripts,
        page.gzip,
        page.onUse ? page.usedGzip : '',
        `${kb(jsTotal(page))} / ${page.budget}`,
        page.html,
        page.htmlGzip,
        page.htmlCeiling ?? '',
      ]),
    );
    expect([...overBudget(pages), ...htmlOverCeiling(pages)]).toEqual([]);
  });
});
