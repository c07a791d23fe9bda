import type { PageRoute } from '../../shared/routes/declare';

/** `/src/pages/api/app/notifications/index.ts` → `/api/app/notifications`; `/src/pages/index.astro` → `/`. */
export function pathOfFile(file: string): string {
  const path = file
    .replace(/^\/src\/pages/, '')
    .replace(/\.(ts|astro)$/, '')
    .replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

const PAGE_DECLARATION = /^pageRoute\((\{[\s\S]*?\})\);$/m;

/**
 * A page's declaration, from its frontmatter's text: an object literal of strings, arrays and
 * objects (what `pageRoute` is typed to take), read as JSON once its quotes and keys are JSON's.
 */
export function readPageDeclaration(source: string): PageRoute | undefined {
  const literal = PAGE_DECLARATION.exec(source)?.[1];
  if (literal === undefined) return undefined;
  const json = literal
    .replace(/'([^'\\]*)'/g, (_, text: string) => JSON.stringify(text))
    .replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":')
    .replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(json) as PageRoute;
}
