import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * CONVENTIONS.md habit 11: no UI file holds literal English; every visible word comes from the
 * catalogues. A heuristic, not a parser: it reads the markup of .astro and .tsx files under
 * src/{features,components,layouts,pages} (not pages/api, not tests) and reports
 *   - text between tags that starts with a capital letter and is made only of words
 *     (`<p>Sign in</p>`, `>\n  Save\n<`); code between `>` and `<` is rarely shaped like that;
 *   - a literal attribute that people read or hear: aria-label, title, placeholder, alt, label.
 * Astro frontmatter, <script>/<style> blocks and comments are skipped. Text that must stay
 * literal (a brand, a code sample) goes in ALLOWED with the reason.
 */

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const UI_DIRS = ['features', 'components', 'layouts', 'pages'];
const SKIPPED_DIRS = [path.join('pages', 'api')];

/** `relative/path.tsx: text` → why it may stay literal. */
const ALLOWED: Record<string, string> = {};

const TEXT_NODE = /(?<!=)>\s*([A-Z][\p{L}'’]*(?:\s+[\p{L}'’,.:;!?…-]+)*)\s*</gu;
const READ_ATTRIBUTE = /\b(?:aria-label|title|placeholder|alt|label)=(["'])([^"']*\p{L}{2,}[^"']*)\1/gu;

/** The parts of a UI file a person can read, with code and comments blanked out. */
function markupOf(file: string, text: string): string {
  let markup = text;
  if (file.endsWith('.astro')) {
    markup = markup.replace(/^---[\s\S]*?\n---/, '').replace(/<(script|style)\b[\s\S]*?<\/\1>/g, '');
  }
  return markup
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

function literalTexts(file: string, text: string): string[] {
  const markup = markupOf(file, text);
  const texts = [...markup.matchAll(TEXT_NODE)].map((match) => match[1] ?? '');
  const attributes = [...markup.matchAll(READ_ATTRIBUTE)].map((match) => match[0]);
  return [...texts, ...attributes].filter((found) => /\p{L}{2,}/u.test(found));
}

function uiFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED_DIRS.includes(path.relative(srcDir, full)) ? [] : uiFiles(full);
    }
    return /\.(tsx|astro)$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

describe('no literal English in UI files', () => {
  it('recognises the shapes it looks for, and leaves code alone', () => {
    const sample = `
      <p>Sign in with your email</p>
      <button>
        Save
      </button>
      <input aria-label="Close menu" placeholder="" />
      <p>{t('login.intro')}</p>
      const run = (): Promise<void> => Promise<void>;
      {/* A comment is not text */}
    `;
    expect(literalTexts('Sample.tsx', sample)).toEqual([
      'Sign in with your email',
      'Save',
      'aria-label="Close menu"',
    ]);
  });

  it('finds none in src/{features,components,layouts,pages}', () => {
    const found = UI_DIRS.flatMap((dir) => uiFiles(path.join(srcDir, dir)))
      .flatMap((file) => {
        const relative = path.relative(srcDir, file).split(path.sep).join('/');
        return literalTexts(file, fs.readFileSync(file, 'utf8')).map((text) => `${relative}: ${text}`);
      })
      .filter((entry) => !(entry in ALLOWED));
    expect(found, 'move these into the catalogues (or allow them with a reason)').toEqual([]);
  });
});
