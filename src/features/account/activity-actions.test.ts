import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues, LOCALES } from '../../i18n';
import { activityActionKeys } from './activity-actions';

/**
 * The Activity tab words every audit entry: each action the server can write needs an entry in
 * activityActionKeys and an `activity.<action>` key in every catalogue. The actions are read from
 * the server's source: the string literals of every `action: …` property (ternaries included) and
 * those passed to functions that take a `failedAction` (checkPassword and its kin).
 */

const serverDir = fileURLToPath(new URL('../../server', import.meta.url));
const DOTTED = /['"`]([a-z][a-z_]*(?:\.[a-z][a-z_]*)+)['"`]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const literals = (text: string) => [...text.matchAll(DOTTED)].map((match) => match[1]!);

/** The text between the parentheses of the call opening at `open` (the index of its `(`). */
function callArguments(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')' && --depth === 0) return text.slice(open + 1, index);
  }
  return '';
}

function auditActions(files: { text: string }[]): Set<string> {
  const found = new Set<string>();
  const takers = new Set<string>();
  for (const { text } of files) {
    for (const match of text.matchAll(/function\s+(\w+)\s*\([^)]*\bfailedAction\b/g)) takers.add(match[1]!);
  }
  for (const { text } of files) {
    // `action: 'x.y'`, `action: cond ? 'x.y' : 'x.z'`, up to the end of the property.
    for (const match of text.matchAll(/\baction:\s*([\s\S]*?)(?:,\s*\n|\s*\})/g)) {
      literals(match[1]!).forEach((action) => found.add(action));
    }
    for (const name of takers) {
      for (const match of text.matchAll(new RegExp(`\\b${name}\\(`, 'g'))) {
        const args = callArguments(text, match.index + match[0].length - 1);
        literals(args).forEach((action) => found.add(action));
      }
    }
  }
  return found;
}

const actions = auditActions(sourceFiles(serverDir).map((file) => ({ text: fs.readFileSync(file, 'utf8') })));

describe('audit actions in words', () => {
  it('reads the actions out of the server source, ternaries and failedAction arguments included', () => {
    expect(
      auditActions([
        { text: `function check(a: string, failedAction: string) {}\ncheck(x, 'auth.nope');` },
        { text: `audit(tx, {\n  action: on ? 'users.block' : 'users.unblock',\n  ip,\n});` },
        { text: `audit(tx, { adminId, action: 'auth.logout' });\naction: text('action'),` },
      ]),
    ).toEqual(new Set(['auth.nope', 'users.block', 'users.unblock', 'auth.logout']));
    expect([...actions]).toEqual(
      expect.arrayContaining(['auth.login', 'auth.login_failed', 'account.login_failed', 'users.unblock']),
    );
  });

  it('has an entry in activityActionKeys for every action the server writes', () => {
    const missing = [...actions].filter((action) => !(action in activityActionKeys)).sort();
    expect(missing, 'add these to src/features/account/activity-actions.ts').toEqual([]);
  });

  it('names each action by its own key', () => {
    const wrong = Object.entries(activityActionKeys).filter(([action, key]) => key !== `activity.${action}`);
    expect(wrong).toEqual([]);
  });

  it.each(LOCALES)('words every action in %s', (locale) => {
    const catalogue = catalogues[locale] as Record<string, string>;
    const wanted = new Set([...actions, ...Object.keys(activityActionKeys)]);
    const missing = [...wanted].filter((action) => !catalogue[`activity.${action}`]).sort();
    expect(missing).toEqual([]);
  });
});
