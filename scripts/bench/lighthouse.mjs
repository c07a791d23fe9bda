// Runs Lighthouse's default config (mobile form factor, simulated throttling) on one URL with a
// Chromium of its own, so one run's cache, cookies or service workers never reach the next.
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/**
 * Puts the session cookie in the fresh browser's cookie jar. As an extra request header (Lighthouse's
 * `extraHeaders`) it reached the page but not the page's own fetches, which then answered 401.
 */
async function signIn(port, url, cookie) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [name, ...value] = cookie.split('=');
    await browser
      .contexts()[0]
      // For the whole site (`/`): a cookie set for the page's URL would take its folder as its path
      // (`/users/` for `/users/1`), and the page's own API calls would go without it.
      .addCookies([
        { name, value: value.join('='), url: new URL('/', url).href, httpOnly: true, sameSite: 'Lax' },
      ]);
  } finally {
    await browser.close();
  }
}

export async function runLighthouse(url, { chromePath, chromeFlags, cookie }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    if (cookie) await signIn(chrome.port, url, cookie);
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      // The browser is new for every page: its cache is empty, and the cookie must stay.
      disableStorageReset: true,
      // Nothing here needs the internet (only loopback is reachable): these three categories
      // fetch only the page's own origin, CrUX field data is PageSpeed Insights' (not the npm
      // module's), SEO (robots.txt) is not run, and error reporting is off unless asked for.
      // The full-page screenshot adds time without adding a figure.
      disableFullPageScreenshot: true,
      maxWaitForLoad: 45_000,
    });
    // BENCH_LHR_DIR keeps the full reports (JSON) for digging into an audit.
    if (process.env.BENCH_LHR_DIR) {
      const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
      fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
      fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `lhr${name}.json`), result.report);
    }
    return summarize(result.lhr);
  } finally {
    chrome.kill();
  }
}

function summarize(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [
      id,
      lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100),
    ]),
  );
  const metrics = METRICS.map((id) => ({
    id,
    value: lhr.audits[id]?.displayValue ?? '?',
    score: lhr.audits[id]?.score,
  }));
  const failing = [];
  const diagnostics = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || METRICS.includes(ref.id)) continue;
      const entry = {
        category: id,
        id: ref.id,
        score: audit.score,
        value: audit.displayValue ?? '',
        items: detailItems(audit),
      };
      // Weighted audits cost points directly; performance diagnostics (weight 0) say why a metric
      // is slow. The "-insight" audits repeat the classic ones in a new form, and the numeric
      // ones are extra metrics (TTI, max FID) that no longer weigh in the score.
      if (ref.weight > 0) failing.push(entry);
      else if (!ref.id.endsWith('-insight') && audit.scoreDisplayMode !== 'numeric') diagnostics.push(entry);
    }
  }
  return {
    finalUrl: lhr.finalDisplayedUrl,
    scores,
    metrics,
    failing,
    diagnostics,
    warnings: lhr.runWarnings ?? [],
    runtimeError: lhr.runtimeError?.message,
  };
}

/** The first few items of an audit's details, each as one short line. */
function detailItems(audit) {
  const details = audit.details ?? {};
  const list = (value) => (Array.isArray(value) ? value : []);
  // A 'list' holds tables (LCP element, then its phases); trees and charts hold no item rows.
  const items =
    details.type === 'list' ? list(details.items).flatMap((part) => list(part.items)) : list(details.items);
  return items.slice(0, 5).map(formatItem);
}

function formatItem(item) {
  if (item.node) return item.node.selector ?? item.node.snippet;
  if (item.phase) return `${item.phase} ${Math.round(item.timing)} ms`;
  if (item.groupLabel) return `${item.groupLabel} ${Math.round(item.duration)} ms`;
  if (item.url) {
    const path = item.url.startsWith('http') ? new URL(item.url).pathname : item.url;
    const bytes = item.wastedBytes ?? item.totalBytes;
    return [
      path,
      bytes && `${(bytes / 1024).toFixed(1)} KiB`,
      item.wastedMs && `${Math.round(item.wastedMs)} ms`,
    ]
      .filter(Boolean)
      .join('  ');
  }
  return JSON.stringify(item).slice(0, 120);
}
