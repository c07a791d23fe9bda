/**
 * The languages and their tags, without i18next or the catalogues: islands import this module
 * (a date formatter must not pull 27 KB of translations into the browser).
 */
export const LOCALES = ['en', 'fr', 'ro', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie that tells the server which language to render (CONVENTIONS.md habit 9). */
export const LOCALE_COOKIE = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags for Intl and `<html lang>`. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en', fr: 'fr', ro: 'ro', zh: 'zh-CN' };
