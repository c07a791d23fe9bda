import i18next, { type TFunction } from 'i18next';
import en from './en.json';
import fr from './fr.json';
import ro from './ro.json';
import zh from './zh.json';

export const LOCALES = ['en', 'fr', 'ro', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie that tells the server which language to render (CONVENTIONS.md habit 9). */
export const LOCALE_COOKIE = 'locale';

export const catalogues = { en, fr, ro, zh } as const;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** BCP 47 tags for Intl and `<html lang>`. */
export const LANGUAGE_TAGS: Record<Locale, string> = { en: 'en', fr: 'fr', ro: 'ro', zh: 'zh-CN' };

/**
 * One i18next instance shared by every request: it holds only the static catalogues, and each
 * request gets its own fixed `t` for its language, so no per-request state lives in it.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: catalogues[locale] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  keySeparator: false,
  // Keys are flat dot paths; a colon in a key or a message must not be read as a namespace.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  // Catalogues are bundled, so init is synchronous and `t` works before the first await.
  initAsync: false,
});

export function getT(locale: Locale): TFunction {
  return instance.getFixedT(locale);
}
