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
 * request gets the `t` of its language, so no per-request state lives in it.
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

/** Messages i18next would hand back unchanged when called without options: no placeholder, no nesting. */
function plainMessages(locale: Locale): Map<string, string> {
  const catalogue: Record<string, string> = catalogues[locale];
  return new Map(Object.entries(catalogue).filter(([, message]) => !/\{\{|\$t\(/.test(message)));
}

/**
 * A page renders a few hundred labels, and each i18next lookup resolves the language chain,
 * fallbacks and interpolation anew. The catalogues never change at run time, so the plain
 * `t(key)` answers come from a map built once; anything with options, a placeholder, or a key
 * this language lacks (fallback) still goes through i18next, so the answers are the same.
 */
function fastT(locale: Locale): TFunction {
  const fixed = instance.getFixedT(locale);
  const plain = plainMessages(locale);
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length === 0 && typeof key === 'string') {
      const message = plain.get(key);
      if (message !== undefined) return message;
    }
    return (fixed as (...args: unknown[]) => unknown)(key, ...rest);
  };
  return Object.assign(t, { lng: fixed.lng, ns: fixed.ns, keyPrefix: fixed.keyPrefix }) as unknown as TFunction;
}

const perLocale = new Map<Locale, TFunction>(LOCALES.map((locale) => [locale, fastT(locale)]));

/** The `t` of a language: one per language for the life of the process (no per-request clone or init). */
export function getT(locale: Locale): TFunction {
  return perLocale.get(locale) ?? (perLocale.get(DEFAULT_LOCALE) as TFunction);
}
