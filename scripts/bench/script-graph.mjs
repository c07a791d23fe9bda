// The JavaScript a first visit to a page loads, read from the page's HTML and the built files in
// dist/client rather than watched in a browser: the same figure on every run (bytes, not time),
// and quick enough for every `npm test`. bench:web's js-weight.mjs counts the same in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
import { gzipBytes, inlineScripts, ON_USE_CHUNK } from './page-weight.mjs';

const TAG = (name) => new RegExp(`<${name}\\b([^>]*)>`, 'gi');
const attribute = (attributes, name) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(attributes)?.[1];

/**
 * The scripts a first visit starts from: the page's module scripts, and for each island it
 * hydrates, the component and its framework's renderer. An island hydrated once scrolled into
 * view (`client:visible`) is left out: a first visit does not download it (the one there is, a
 * CMS page's history for admins who may not edit, sits below the text).
 */
export function entryScripts(html) {
  const entries = new Set();
  for (const [, attributes] of html.matchAll(TAG('script'))) {
    const src = attribute(attributes, 'src');
    if (src && attribute(attributes, 'type') === 'module') entries.add(src);
  }
  for (const [, attributes] of html.matchAll(TAG('astro-island'))) {
    if (attribute(attributes, 'client') === 'visible') continue;
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(attributes, name);
      if (url) entries.add(url);
    }
  }
  return [...entries];
}

/**
 * Weighs pages against one build. Each file is read, parsed and compressed once, however many
 * pages load it.
 */
export function scriptWeigher(clientDir) {
  const files = new Map();

  function file(url) {
    let entry = files.get(url);
    if (!entry) {
      const body = fs.readFileSync(path.join(clientDir, url));
      const [imports] = parse(body.toString('utf8'), url);
      const resolve = (specifier) => {
        // Chunks import each other by relative paths; any other name is a module the build left
        // for the browser to find, which cannot be weighed here, so it stops the check.
        if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
          throw new Error(`${url} imports ${specifier}, which is not a built file`);
        }
        return new URL(specifier, `http://build${url}`).pathname;
      };
      const named = imports.filter((found) => found.n !== undefined);
      entry = {
        url,
        raw: body.length,
        gzip: gzipBytes(body),
        // d is -1 for a static import or export-from, and the position of `import(` for a dynamic one.
        staticImports: named.filter((found) => found.d === -1).map((found) => resolve(found.n)),
        dynamicImports: named.filter((found) => found.d > -1).map((found) => resolve(found.n)),
      };
      files.set(url, entry);
    }
    return entry;
  }

  /** Every file the entries load before running, each once, leaving out those in `loaded`. */
  function staticGraph(entries, loaded = new Set()) {
    const seen = new Set(loaded);
    const order = [];
    const stack = [...entries];
    while (stack.length) {
      const url = stack.pop();
      if (seen.has(url)) continue;
      seen.add(url);
      const found = file(url);
      order.push(found);
      stack.push(...found.staticImports);
    }
    return order;
  }

  /**
   * A page's first visit: its scripts' static import graph and its inline scripts, gzip-compressed
   * file by file. With `onUse`, what its first interaction imports (Lexical on the editor pages)
   * is weighed apart, less what the page had loaded already; a page said to have it that does not
   * is an error, so a renamed chunk cannot drop out of the count unseen.
   */
  return async function weighPage(html, { onUse = false } = {}) {
    await init;
    const first = staticGraph(entryScripts(html));
    let used = [];
    if (onUse) {
      const later = new Set(first.flatMap((found) => found.dynamicImports));
      const chunk = [...later].find((url) => path.posix.basename(url).startsWith(`${ON_USE_CHUNK}.`));
      if (!chunk) throw new Error(`none of the page's later imports is the ${ON_USE_CHUNK} chunk`);
      used = staticGraph([chunk], new Set(first.map((found) => found.url)));
    }
    const inline = inlineScripts(html);
    const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);
    const inlineRaw = inline.reduce((total, body) => total + body.length, 0);
    return {
      files: [...first, ...used],
      scripts: first.length,
      inlineRaw,
      raw: sum(first, 'raw') + inlineRaw,
      // Inline scripts are gzipped one by one, as bench:web does: an upper bound, since in real
      // life they ride in the compressed HTML together with the markup.
      gzip: sum(first, 'gzip') + inline.reduce((total, body) => total + gzipBytes(body), 0),
      usedGzip: sum(used, 'gzip'),
    };
  };
}
