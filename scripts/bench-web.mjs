// `npm run bench:web`: builds, serves the build, and prints what a first visit costs (JavaScript
// weight per page) and how Lighthouse rates every screen, against the budgets of issues #4 ("Weight
// and speed") and #27. A measurement tool: it exits 0 when budgets fail, 1 only when it
// could not measure; the JavaScript budgets fail `npm test` through tests/api/page-weight.test.ts,
// which counts the same bytes from the build. `--no-build` reuses dist/ for a quicker rerun.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { measurePage } from './bench/js-weight.mjs';
import { runLighthouse } from './bench/lighthouse.mjs';
import { everyScreen, jsBudget, KB, withinBudget } from './bench/page-weight.mjs';
import { startBenchServer } from './bench/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The full browser, as people run it (the tests use its headless shell), with the e2e tests' flags
// (tests/support/browser.ts) less their limit on V8's tiers, which would skew the timings.
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The pages weighed in the browser (their budgets: page-weight.mjs): one of each kind. Every screen
 * is held to its budget by tests/api/page-weight.test.ts, from the build, in `npm test`.
 */
const PAGES = [
  ...['/about', '/privacy-policy', '/teams-condition', '/'].map((path) => ({ path })),
  ...['/dashboard', '/users', '/notifications', '/aboutus', '/privacyandpolicy', '/termsandcondition'].map(
    (path) => ({ path, signedIn: true }),
  ),
].map((page) => ({ ...page, ...jsBudget(page.path, page.signedIn) }));
const LIGHTHOUSE_BUDGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };

/** Lighthouse for every screen (issue #27). `--pages /,/dashboard` scores only those. */
async function lighthousePages() {
  // The pages' declarations, read as the route table reads them (its glob needs Vite).
  const { readPageDeclaration } = await tsImport('../src/server/http/page-declaration.ts', import.meta.url);
  const pages = fs
    .readdirSync('src/pages')
    .filter((name) => name.endsWith('.astro'))
    .map((name) => readPageDeclaration(fs.readFileSync(`src/pages/${name}`, 'utf8')))
    .filter((page) => page && !['/forbidden', '/awaiting-approval'].includes(page.path));
  const PUBLIC_PAGES = pages.filter((page) => page.access === 'public').map((page) => page.path);
  const ADMIN_PAGES = pages.filter((page) => page.access !== 'public').map((page) => page.path);
  const { ACCOUNT_TABS } = await tsImport('../src/shared/account/account-tabs.ts', import.meta.url);
  const every = everyScreen({
    publicPages: PUBLIC_PAGES,
    adminPages: ADMIN_PAGES,
    accountTabs: ACCOUNT_TABS,
  });
  const asked = process.argv.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length);
  return asked ? every.filter((page) => asked.split(',').includes(page.path)) : every;
}

// Bounded run time: a hung browser or server must not hold a CI job forever. A Lighthouse run
// takes 10-30 s here, so the bound grows with the pages scored.
let watchdog;
function armWatchdog(minutes) {
  clearTimeout(watchdog);
  watchdog = setTimeout(() => {
    console.error(`bench:web: gave up after ${minutes} minutes`);
    process.exit(1);
  }, minutes * 60_000);
}

const verdict = (ok) => (ok ? 'pass' : 'FAIL');
const kb = (bytes) => (bytes / KB).toFixed(1);

function printTable(header, rows) {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

async function weighPages(server) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results = [];
    for (const page of PAGES) {
      const measured = await measurePage(
        browser,
        server.url,
        page.path,
        page.signedIn ? server.token : null,
        {
          onUse: page.onUse,
        },
      );
      results.push({ ...page, ...measured });
    }
    return results;
  } finally {
    await browser.close();
  }
}

function reportWeights(results) {
  console.log(
    '\nJavaScript downloaded by a first visit (cold cache; kB = 1000 bytes; gzip at zlib level 6)\n',
  );
  printTable(
    ['page', 'signed', 'scripts', 'inline B', 'raw kB', 'gzip kB', '+ on use', 'budget', 'result'],
    results.map((r) => [
      r.path,
      r.signedIn ? 'in' : 'out',
      r.scripts,
      r.inlineRaw,
      kb(r.raw),
      kb(r.gzip),
      r.onUse ? kb(r.usedGzip) : '',
      `<= ${r.budget}`,
      verdict(withinBudget(r)),
    ]),
  );
  console.log('(+ on use: fetched on the first interaction, counted against the budget too)');
  // Where the weight is: the largest files across all pages, each counted once.
  const files = new Map(results.flatMap((r) => r.files.map((file) => [file.url, file])));
  const largest = [...files.values()].sort((a, b) => b.gzip - a.gzip).slice(0, 8);
  console.log('\nLargest scripts (gzip kB / raw kB):');
  for (const file of largest)
    console.log(`  ${kb(file.gzip).padStart(6)} / ${kb(file.raw).padStart(6)}  ${file.url}`);
}

async function scorePages(server, pages) {
  const results = [];
  for (const page of pages) {
    const cookie = page.signedIn ? `session=${server.token}` : null;
    const score = () =>
      runLighthouse(server.url + page.path, {
        chromePath: CHROMIUM_PATH,
        chromeFlags: CHROMIUM_FLAGS,
        cookie,
      });
    let summary = await score();
    // A failed trace (NO_NAVSTART on a busy machine) scores nothing; Lighthouse itself says to run
    // it again, and the report says it was the second attempt.
    if (summary.runtimeError) {
      console.log(`${page.path}: ${summary.runtimeError} Scoring it once more.`);
      summary = await score();
    }
    results.push({ ...page, ...summary });
  }
  return results;
}

function reportScores(results) {
  console.log('\nLighthouse (default config: mobile, simulated throttling)\n');
  const categories = Object.keys(LIGHTHOUSE_BUDGETS);
  printTable(
    ['page', ...categories.map((id) => `${id} (>= ${LIGHTHOUSE_BUDGETS[id]})`)],
    results.map((r) => [
      r.path,
      ...categories.map(
        (id) => `${r.scores[id] ?? '?'} ${verdict((r.scores[id] ?? 0) >= LIGHTHOUSE_BUDGETS[id])}`,
      ),
    ]),
  );
  for (const r of results) {
    console.log(`\n${r.path} -> ${r.finalUrl}`);
    if (r.runtimeError) console.log(`  runtime error: ${r.runtimeError}`);
    console.log(`  metrics: ${r.metrics.map((m) => `${m.id} ${m.value} (${m.score ?? '?'})`).join(', ')}`);
    for (const [label, audits] of [
      ['failing', r.failing],
      ['diagnostic', r.diagnostics],
    ]) {
      for (const audit of audits) {
        console.log(`  ${label} [${audit.category}] ${audit.id} (score ${audit.score}) ${audit.value}`);
        for (const item of audit.items) console.log(`      ${item}`);
      }
    }
    for (const warning of r.warnings) console.log(`  warning: ${warning}`);
  }
}

async function main() {
  armWatchdog(5);
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm run build exited with ${build.status}`);
  }
  const server = await startBenchServer(path.join(root, 'dist'));
  try {
    console.log(`\nbench:web against ${server.url} (Chromium: ${CHROMIUM_PATH})`);
    reportWeights(await weighPages(server));
    const pages = await lighthousePages();
    armWatchdog(5 + pages.length);
    reportScores(await scorePages(server, pages));
  } finally {
    await server.stop();
  }
}

try {
  await main();
} catch (error) {
  console.error('bench:web crashed:', error);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
}
