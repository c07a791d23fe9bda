import type en from './en.json';

/** A key as en.json spells it, plural forms (`users.found_one`, `users.found_other`) included. */
type CatalogueKey = keyof typeof en;

/** The suffixes of i18next's JSON v4 plurals: the CLDR categories (Intl.PluralRules). */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/**
 * The base key of a plural family (`users.found` for `users.found_one` and `users.found_other`):
 * every `{{count}}` string is one (src/i18n/catalogues.test.ts), and en.json has its `_other`.
 */
export type PluralKey = CatalogueKey extends infer K
  ? K extends `${infer Base}_other`
    ? Base
    : never
  : never;

/**
 * A key of the English catalogue, the source every language follows (CONVENTIONS.md habit 11).
 * Everything that takes a translation key takes this type, so a key missing from en.json fails
 * `tsc` and `astro check` where it is written, not as a raw key on a screen. A plural family is
 * named by its base key, never by one form: `t('users.found', { count })` lets i18next choose the
 * form of the language, and `translate` hands an island all of them (src/lib/labels.ts `plural`).
 * A type-only import: nothing of the catalogue reaches an island's bundle.
 */
export type I18nKey = Exclude<CatalogueKey, `${PluralKey}_${PluralCategory}`> | PluralKey;
