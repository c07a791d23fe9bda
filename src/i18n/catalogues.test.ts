import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogues, DEFAULT_LOCALE, LOCALES } from './index';

/**
 * CONVENTIONS.md habit 11: en.json is the source; every language has the same keys and the same
 * `{{placeholders}}`, no value is empty, and every key is used somewhere in the code. A plural
 * family (i18next JSON v4: `key_one`, `key_few`, `key_many`, `key_other`) counts as its base key,
 * with exactly the forms its language has (Intl.PluralRules), since English has two, French and
 * Romanian three, Chinese one.
 */

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const source: Record<string, unknown> = catalogues[DEFAULT_LOCALE];

const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * A catalogue's keys with each plural family as its base key, and the forms each family has.
 * A key only counts as a form when its family has `_other` (i18next's fallback form), so a key
 * like `activity.account.login_failed` stays itself.
 */
function families(catalogue: Record<string, unknown>): Map<string, string[]> {
  const keys = Object.keys(catalogue);
  const byBase = new Map<string, string[]>();
  for (const key of keys) {
    const form = PLURAL_FORM.exec(key);
    const plural = form && `${form[1]}_other` in catalogue;
    const base = plural ? form[1]! : key;
    byBase.set(base, [...(byBase.get(base) ?? []), ...(plural ? [form[2]!] : [])]);
  }
  return byBase;
}

const sourceFamilies = families(source);
/** en.json's keys, a plural family by its base key: what the code names (src/i18n/keys.ts). */
const sourceKeys = [...sourceFamilies.keys()];

/** The plural categories a language has, as i18next picks them. */
const categoriesOf = (locale: string) =>
  new Intl.PluralRules(locale).resolvedOptions().pluralCategories.toSorted();

/**
 * Keys the code never spells out in full. Each entry says where the key is built, or why it is
 * kept unused; the last test fails when an entry goes stale, so the list only ever shrinks.
 */
const NOT_LITERALLY_USED: Record<string, string> = {
  // Menu data may give an entry a chip (`chip: { labelKey }`); none is configured today, and
  // src/features/menu/SideMenu.test.tsx renders this one.
  'menu.chip.new': 'menu chip label, configured in menu data when needed',
  // Unused: nothing in src/ produces it. Kept until its owner decides (use it or remove it).
  'api.error.wrongServices': 'unused, pending a decision',
};

function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** Every .ts/.tsx/.astro file under src/, tests excluded: where a used key must appear. */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function quoted(key: string): RegExp {
  return new RegExp(`['"\`]${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"\`]`);
}

describe('the catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s has exactly the keys of en',
    (locale) => {
      const keys = new Set(families(catalogues[locale]).keys());
      expect({
        missing: sourceKeys.filter((key) => !keys.has(key)),
        extra: [...keys].filter((key) => !sourceFamilies.has(key)),
      }).toEqual({ missing: [], extra: [] });
    },
  );

  it.each(LOCALES)(
    '%s: every {{count}} string is a plural family with exactly its language’s forms, and only those',
    (locale) => {
      const catalogue = catalogues[locale] as Record<string, string>;
      const wanted = categoriesOf(locale);
      const wrong = [...families(catalogue)].flatMap(([base, forms]) => {
        const plural = forms.length > 0 || sourceFamilies.get(base)!.length > 0;
        const counted = Object.keys(catalogue).filter(
          (key) => (key === base || key.startsWith(`${base}_`)) && catalogue[key]!.includes('{{count}}'),
        );
        if (!plural)
          return counted.length ? [`${base}: {{count}} without plural forms (or another name)`] : [];
        const have = forms.toSorted();
        return have.join() === wanted.join() ? [] : [`${base}: has ${have.join()}, wants ${wanted.join()}`];
      });
      expect(wrong).toEqual([]);
    },
  );

  it.each(LOCALES)('%s has a non-empty string for every key', (locale) => {
    const entries = Object.entries(catalogues[locale] as Record<string, unknown>);
    const empty = entries.filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(empty.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s uses the same placeholders as en',
    (locale) => {
      const catalogue = catalogues[locale] as Record<string, unknown>;
      // A plural family compares its `_other` forms: a `_one` may leave the number out ("the only row").
      const other = (key: string) => (sourceFamilies.get(key)!.length ? `${key}_other` : key);
      const differing = sourceKeys
        .filter((key) => typeof catalogue[other(key)] === 'string')
        .map((key) => ({
          key,
          en: placeholders(String(source[other(key)])).join(' '),
          translated: placeholders(String(catalogue[other(key)])).join(' '),
        }))
        .filter((entry) => entry.en !== entry.translated);
      expect(differing).toEqual([]);
    },
  );

  it('French binds : ; ! ? and « » with a no-break space, and writes its apostrophe ’', () => {
    const loose = Object.entries(catalogues.fr as Record<string, string>).filter(([, value]) =>
      / [;:!?»]|« |[A-Za-zÀ-ÿ]'[A-Za-zÀ-ÿ]/.test(value),
    );
    expect(loose.map(([key]) => key)).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => locale !== DEFAULT_LOCALE))(
    '%s names the product by its own name, never by the English one',
    (locale) => {
      const english = (catalogues[DEFAULT_LOCALE] as Record<string, string>)['app.name']!;
      const catalogue = catalogues[locale] as Record<string, string>;
      expect(catalogue['app.name']).not.toBe(english);
      const mixed = Object.keys(catalogue).filter((key) => catalogue[key]!.includes(english));
      expect(mixed).toEqual([]);
    },
  );

  it('has no unused key: each appears quoted in the code under src/', () => {
    const code = codeFiles(srcDir)
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const unused = sourceKeys.filter((key) => !(key in NOT_LITERALLY_USED) && !quoted(key).test(code));
    expect(unused, 'keys nothing in src/ uses: remove them, or list them with a reason').toEqual([]);
    const stale = Object.keys(NOT_LITERALLY_USED).filter(
      (key) => !sourceFamilies.has(key) || quoted(key).test(code),
    );
    expect(stale, 'allow-list entries now used literally (or gone): remove them from the list').toEqual([]);
  });
});
