import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { applyEdits } from './astro-runtime-speedups.mjs';

/**
 * For the build edits' tests: copies of one module of Astro's `dist/`, as Astro ships it and with
 * the build's edits made, that Node can import outside Vite. Its relative imports point back into
 * Astro; the copies sit inside the project (node_modules/.cache is for such files) so its bare
 * imports resolve from the project's node_modules. Written as `<name>-astro.mjs` and
 * `<name>-edited.mjs` (`node.js` → `node-astro.mjs`) in the directory returned, where the tests'
 * child scripts import them from.
 */
export function astroModuleCopies(modulePath: string): { dir: string } {
  const astroDist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('astro/package.json')),
    'dist',
  );
  const file = path.join(astroDist, modulePath);
  const moduleDir = path.dirname(file);
  const absolute = (code: string) =>
    code
      .replaceAll('from "./', `from "${pathToFileURL(moduleDir).href}/`)
      .replaceAll('from "../', `from "${pathToFileURL(path.dirname(moduleDir)).href}/`);
  const source = fs.readFileSync(file, 'utf8');
  const dir = path.join(import.meta.dirname, '../../node_modules/.cache/astro-runtime-speedups');
  fs.mkdirSync(dir, { recursive: true });
  const name = path.basename(file, '.js');
  fs.writeFileSync(path.join(dir, `${name}-astro.mjs`), absolute(source));
  fs.writeFileSync(
    path.join(dir, `${name}-edited.mjs`),
    absolute(applyEdits(file.replaceAll('\\', '/'), source)),
  );
  return { dir };
}
