import i18next, { type TFunction } from 'i18next';
import en from './en.json';
import fr from './fr.json';
import ro from './ro.json';
import zh from './zh.json';

import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

export * from './locales';

export const catalogues = { en, fr, ro, zh } as const;

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
