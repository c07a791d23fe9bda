import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { everyScreen, gzipBytes, htmlOverCeiling, jsBudget, overBudget } from './page-weight.mjs';
import { entryScripts, scriptWeigher } from './script-graph.mjs';

let clientDir: string;

/** A made-up dist/client: `files` maps a file under _astro/ to its code. */
function build(files: Record<string, string>): string {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
  fs.mkdirSync(path.join(clientDir, '_astro'));
  for (const [name, code] of Object.entries(files))
    fs.writeFileSync(path.join(clientDir, '_astro', name), code);
  return clientDir;
}

const gzipOf = (...codes: string[]) => codes.reduce((sum, code) => sum + gzipBytes(code), 0);

describe('the budgets (what fails npm test)', () => {
  it('names a page over its JavaScript budget, counting what its first use fetches', () => {
    const pages = [
      { path: '/light', budget: 150, gzip: 150_000, usedGzip: 0 },
      { path: '/heavy', budget: 150, gzip: 150_001, usedGzip: 0 },
      { path: '/editor', budget: 200, gzip: 120_000, usedGzip: 80_001, onUse: true },
      { path: '/public', budget: 0, gzip: 1, usedGzip: 0 },
    ];
    expect(overBudget(pages)).toEqual([
      '/heavy: 150001 bytes of JavaScript (gzip) on a first visit, over its 150 kB budget',
      '/editor: 200001 bytes of JavaScript (gzip) on a first visit, over its 200 kB budget',
      '/public: 1 bytes of JavaScript (gzip) on a first visit, over its 0 kB budget',
    ]);
  });

  it('names a page whose HTML is over its ceiling or has none', () => {
    const pages = [
      { path: '/within', html: 3000, htmlCeiling: 3 },
      { path: '/over', html: 3001, htmlCeiling: 3 },
      { path: '/new', html: 10 },
    ];
    expect(htmlOverCeiling(pages)).toEqual([
      '/over: 3001 bytes of HTML, over its 3 kB ceiling',
      '/new: 10 bytes of HTML and no ceiling in HTML_CEILINGS',
    ]);
  });

  it('gives every screen the budget its issue set, and an HTML ceiling', () => {
    expect(jsBudget('/about', false)).toEqual({ budget: 0 });
    expect(jsBudget('/', false)).toEqual({ budget: 80 });
    expect(jsBudget('/reset-password', false)).toEqual({ budget: 80 });
    expect(jsBudget('/users', true)).toEqual({ budget: 150 });
    expect(jsBudget('/aboutus', true)).toEqual({ budget: 200, onUse: true });
    const screens = everyScreen({
      publicPages: new Set(['/', '/about', '/accept-invite']),
      adminPages: new Set(['/dashboard']),
      accountTabs: { password: '', keys: '' },
    });
    expect(
      screens.map((screen) => [screen.path, screen.signedIn, screen.budget, screen.htmlCeiling]),
    ).toEqual([
      ['/', undefined, 80, 11],
      ['/about', undefined, 0, 3],
      ['/dashboard', true, 150, 41],
      ['/users/1', true, 150, 54],
      ['/puzzles?view=history', true, 150, 72],
      ['/account-setting?tab=keys', true, 150, 45],
    ]);
  });
});

describe('the JavaScript a first visit loads, from the build', () => {
  afterEach(() => fs.rmSync(clientDir, { recursive: true, force: true }));
  const code = {
    'shell.js': 'import{a}from"./shared.js";import"./theme.js";a();',
    'shared.js': 'export const a=()=>document.title;',
    'theme.js': 'document.documentElement.dataset.ready="1";',
    'Form.js': 'import{a}from"./shared.js";export{b}from"./field.js";export default a;',
    'field.js': 'export const b=1;',
    'renderer.js': 'export default()=>{};',
    'History.js': 'import"./history-list.js";export default 1;',
    'history-list.js': 'export default [];',
    'Editor.js':
      'import{a}from"./shared.js";const load=()=>import("./rich-text-engine.X1.js");const s=()=>import(`./search.js`);export default load;',
    'rich-text-engine.X1.js': 'import{a}from"./shared.js";import"./lexical.js";export const engine=a;',
    'lexical.js': 'export const lexical=1;',
    'search.js': 'export default 1;',
  };
  const page = (islands: string) =>
    `<html><head><script type="module" src="/_astro/shell.js"></script>
    <script type="application/json">{"not":"code"}</script><script>window.x=1</script></head>
    <body>${islands}</body></html>`;
  const island = (component: string, client: string) =>
    `<astro-island uid="1" component-url="/_astro/${component}" renderer-url="/_astro/renderer.js" client="${client}" opts="{}"></astro-island>`;

  it('follows module scripts and hydrated islands through their static imports, leaving visible islands and later imports out', async () => {
    build(code);
    const html = page(island('Form.js', 'load') + island('History.js', 'visible'));
    expect(entryScripts(html)).toEqual(['/_astro/shell.js', '/_astro/Form.js', '/_astro/renderer.js']);
    const weighed = await scriptWeigher(clientDir)(html);
    expect(weighed.files.map((file) => file.url).sort()).toEqual(
      ['shell.js', 'shared.js', 'theme.js', 'Form.js', 'field.js', 'renderer.js']
        .map((name) => `/_astro/${name}`)
        .sort(),
    );
    expect(weighed.scripts).toBe(6);
    expect(weighed.inlineRaw).toBe('window.x=1'.length);
    expect(weighed.gzip).toBe(
      gzipOf(code['shell.js'], code['shared.js'], code['theme.js'], code['Form.js'], code['field.js']) +
        gzipOf(code['renderer.js'], 'window.x=1'),
    );
    expect(weighed.usedGzip).toBe(0);
  });

  it('counts what the first interaction imports apart, less what the page had, and fails when it is missing', async () => {
    build(code);
    const weighPage = scriptWeigher(clientDir);
    const editor = page(island('Editor.js', 'load'));
    const weighed = await weighPage(editor, { onUse: true });
    expect(weighed.usedGzip).toBe(gzipOf(code['rich-text-engine.X1.js'], code['lexical.js']));
    expect(weighed.files.map((file) => file.url)).not.toContain('/_astro/search.js');
    await expect(weighPage(page(island('Form.js', 'load')), { onUse: true })).rejects.toThrow(
      /none of the page's later imports is the rich-text-engine chunk/,
    );
  });
});
