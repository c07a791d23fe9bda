import type en from './en.json';

/**
 * A key of the English catalogue, the source every language follows (CONVENTIONS.md habit 11).
 * Everything that takes a translation key takes this type, so a key missing from en.json fails
 * `tsc` and `astro check` where it is written, not as a raw key on a screen. A type-only import:
 * nothing of the catalogue reaches an island's bundle.
 */
export type I18nKey = keyof typeof en;
