import i18next from 'i18next';
import type { T } from '../lib/labels';
import en from './en.json';
import fr from './fr.json';
import ro from './ro.json';
import zh from './zh.json';

import type { I18nKey } from './keys';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

export * from './locales';
export type { I18nKey } from './keys';

export const catalogues = { en, fr, ro, zh } as const;

/**
 * Whether a string from outside the code (a zod issue's message, a cookie the browser can write)
 * names a key of en.json: the one way a computed string becomes an `I18nKey` without a cast.
 */
export function isI18nKey(value: string): value is I18nKey {
  const source = catalogues[DEFAULT_LOCALE];
  const form = /_(zero|one|two|few|many|other)$/.exec(value);
  // A plural family is named by its base key, never by one of its forms (src/i18n/keys.ts).
  if (form && Object.hasOwn(source, `${value.slice(0, form.index)}_other`)) return false;
  return Object.hasOwn(source, value) || Object.hasOwn(source, `${value}_other`);
}

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

/**
 * A page renders a few hundred labels, and each i18next lookup resolves the language chain,
 * fallbacks and interpolation anew. Without options, `t(key)` depends on nothing but the language
 * and the key, and the catalogues never change at run time: so every catalogue key's answer is
 * worked out by i18next once, at start, and read from a map after. Calls with options, and keys
 * outside the catalogue (a flash cookie can name anything; those must not grow the map), still
 * go through i18next, so every answer is the one i18next gives.
 *
 * Calls with options go to the instance's `t` with the language added to the options, not to the
 * fixed `t`: that one builds `{ ...options, ...fixedOptions }` on every call, and V8 kept those
 * objects through young collections until a full one (`node --trace-gc-nvp`: 1.8 KB promoted per
 * call without options, 5 KB with; 6 bytes through the instance's `t`). Same answers: a unit test
 * compares them with i18next's.
 */
const isOptions = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fastT(locale: Locale): T {
  const fixed = instance.getFixedT(locale) as unknown as (...args: unknown[]) => string;
  const answers = new Map(Object.keys(catalogues[DEFAULT_LOCALE]).map((key) => [key, fixed(key)]));
  const t = (key: unknown, ...rest: unknown[]) => {
    if (typeof key === 'string') {
      if (rest.length === 0) {
        const answer = answers.get(key);
        if (answer !== undefined) return answer;
      } else if (rest.length === 1 && isOptions(rest[0])) {
        // An `lng` among the options still wins, as it does with the fixed `t`.
        return instance.t(key, { lng: locale, ...rest[0] });
      }
    }
    return fixed(key, ...rest);
  };
  // Islands get a plural family's forms for the language (src/lib/labels.ts), so `t` says which.
  return Object.assign(t, { locale }) as T;
}

const perLocale = new Map<Locale, T>(LOCALES.map((locale) => [locale, fastT(locale)]));

/** The `t` of a language: one per language for the life of the process (no per-request clone or init). */
export function getT(locale: Locale): T {
  return perLocale.get(locale) ?? (perLocale.get(DEFAULT_LOCALE) as T);
}
