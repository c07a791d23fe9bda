// Measures the JavaScript a first visit downloads, page by page, in a fresh browser context
// (empty HTTP cache, no service worker) so nothing is served from an earlier visit.
import { gzipBytes, inlineScripts } from './page-weight.mjs';

function isScript(response) {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript/i.test(type);
}

/**
 * Loads `path` once and sums its scripts. `token` signs the context in. Waits for the network to
 * go quiet and then a little longer, so islands hydrated on idle are counted too; islands that
 * wait to be scrolled into view are (rightly) not: a first visit does not download them.
 * With `onUse`, the pointer then moves over the page (its first interaction) and what that fetches
 * is summed apart (`used`): the CMS editor loads Lexical so.
 */
export async function measurePage(browser, baseUrl, path, token, { onUse = false } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
  if (token) {
    await context.addCookies([
      { name: 'session', value: token, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
    ]);
  }
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    if (!isScript(response)) return;
    pending.push(
      (async () => {
        const body = await response.body();
        // Bytes on the wire for the body: equal to body.length here, since the server does not
        // compress; kept separate so the figure stays honest if compression is added later.
        const { responseBodySize } = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          wire: responseBodySize,
          raw: body.length,
          gzip: gzipBytes(body),
        };
      })(),
    );
  });
  try {
    const document = await page.goto(path, { waitUntil: 'networkidle', timeout: 30_000 });
    await page.waitForTimeout(1_000);
    const landed = new URL(page.url()).pathname;
    if (landed !== path) throw new Error(`${path} landed on ${landed} (signed ${token ? 'in' : 'out'})`);
    const inline = inlineScripts(await document.text());
    const files = await Promise.all(pending);
    const inlineRaw = inline.reduce((sum, body) => sum + body.length, 0);
    let used = [];
    if (onUse) {
      const before = pending.length;
      await page.mouse.move(20, 20);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1_000);
      used = await Promise.all(pending.slice(before));
    }
    return {
      path,
      files: [...files, ...used],
      usedGzip: used.reduce((sum, file) => sum + file.gzip, 0),
      scripts: files.length,
      inlineRaw,
      wire: files.reduce((sum, file) => sum + file.wire, 0) + inlineRaw,
      raw: files.reduce((sum, file) => sum + file.raw, 0) + inlineRaw,
      // Inline scripts are gzipped one by one: an upper bound, since in real life they ride in
      // the compressed HTML together with the markup.
      gzip:
        files.reduce((sum, file) => sum + file.gzip, 0) +
        inline.reduce((sum, body) => sum + gzipBytes(body), 0),
    };
  } finally {
    await context.close();
  }
}
