// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import postcssRTLCSS from 'postcss-rtlcss';

/**
 * `[dir="rtl"] .x` → `:where([dir="rtl"]) .x`, and the same for selectors that start at the root.
 * @param {string} prefix
 * @param {string} selector
 */
function withoutSpecificity(prefix, selector) {
  const where = `:where(${prefix})`;
  if (/^html(?=\W|$)/.test(selector)) return selector.replace(/^html/, `html${where}`);
  if (/^:root(?=\W|$)/.test(selector)) return selector.replace(/^:root/, `:root${where}`);
  if (selector.startsWith('::')) return `${where}${selector}`;
  return `${where} ${selector}`;
}

export default defineConfig({
  output: 'server',
  // Our own Node entry (src/server/main.ts) mounts the handler, so it owns shutdown, limits and timeouts.
  // Without streaming a page is rendered to one string and sent as one buffer with a length: our
  // pages await their data before rendering, so streaming bought no earlier first byte, only the
  // cost of encoding every small chunk on its own (issue #14, every page fast).
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [react()],
  server: { host: '127.0.0.1', port: 4321 },
  // Admin sessions live in the database (src/server/auth/sessions.ts), shared by every instance;
  // Astro's own session storage (the adapter would enable it on local disk) is not used.
  session: false,
  // Astro's checkOrigin covers form posts only and refuses legitimate API clients that send no
  // Origin; the middleware checks Origin / Sec-Fetch-Site for every state change instead (DESIGN.md §8).
  security: {
    checkOrigin: false,
    // Astro hashes its own scripts and styles into each page's CSP header; the middleware completes it.
    csp: {
      directives: ["default-src 'self'", "img-src 'self' data:", "font-src 'self'", "connect-src 'self'"],
    },
  },
  // No Markdown in this app: without a highlighter Astro has no inline styles to warn about under CSP.
  markdown: { syntaxHighlight: false },
  // Stylesheets and page scripts as files, never inlined: Astro hashes every inline one into the
  // CSP header on each request, while a file is one cached download (and 'self' allows it).
  build: { inlineStylesheets: 'never' },
  vite: {
    build: {
      // Never scripts (see build.inlineStylesheets) nor fonts: the CSP's `font-src 'self'` refuses a
      // font as a data: URL, and the CJK slices (styles/cjk.css) are fetched one by one, as needed.
      /** @type {(file: string) => boolean | undefined} */
      assetsInlineLimit: (file) => (/\.(js|woff2?)$/.test(file) ? false : undefined),
    },
    ssr: { external: ['@electric-sql/pglite'] },
    css: {
      // Bootstrap's RTL build is RTLCSS run over its compiled CSS (honouring its /* rtl:… */
      // directives); postcss-rtlcss runs the same RTLCSS over ours, in combined mode: one sheet
      // with [dir="ltr"] / [dir="rtl"] rules, so switching `dir` on <html> flips it live.
      // The prefixes go inside :where() so they add no specificity: a plain `ul` rule prefixed as
      // `[dir="ltr"] ul` would otherwise outrank `.app-menu-list`, unlike in Bootstrap's own build.
      postcss: {
        plugins: [postcssRTLCSS({ mode: 'combined', prefixSelectorTransformer: withoutSpecificity })],
      },
      preprocessorOptions: {
        // Bootstrap 5.3's Sass still uses @import and global functions; its deprecations are not ours.
        scss: {
          quietDeps: true,
          silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
        },
      },
    },
  },
});
