import type { I18nKey } from '../i18n/keys';

/**
 * Islands get their words as props, translated on the server: no i18n library in the bundle.
 * Each island exports a map of label name → catalogue key; the page translates it with `t`.
 * Placeholders stay in place (i18next leaves an unfilled `{{name}}` alone) for {@link fill}.
 */
export type Labels<Keys extends Record<string, I18nKey>> = Record<keyof Keys, string>;

/**
 * A `t` of one language: only keys of en.json (src/i18n/keys.ts), with i18next's interpolation
 * values (`{ count }`, `{ name }`) as they were.
 */
export type T = (key: I18nKey, values?: Record<string, unknown>) => string;

/**
 * A page's `t` is one function per language for the life of the process (src/i18n getT), and key
 * maps are module constants: so each (map, language) pair is translated once and the frozen
 * answer shared by every request, instead of a few hundred lookups per page. A `t` made for one
 * call (a test's) is only held as long as its map is alive.
 */
const translated = new WeakMap<object, WeakMap<T, Readonly<Record<string, string>>>>();

export function translate<const Keys extends Record<string, I18nKey>>(t: T, keys: Keys): Labels<Keys> {
  let byT = translated.get(keys);
  if (!byT) translated.set(keys, (byT = new WeakMap()));
  let labels = byT.get(t);
  if (!labels) {
    labels = Object.freeze(Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, t(key)])));
    byT.set(t, labels);
  }
  return labels as Labels<Keys>;
}

const asJson = new WeakMap<object, string>();

/**
 * Labels as JSON for a trigger's `data-labels` (components/on-demand.ts): `translate` hands out
 * one frozen object per key map and language, so each is stringified once, not per request.
 */
export function labelsJson(labels: Readonly<Record<string, string>>): string {
  let json = asJson.get(labels);
  if (json === undefined) {
    json = JSON.stringify(labels);
    if (Object.isFrozen(labels)) asJson.set(labels, json);
  }
  return json;
}

/** Fills `{{name}}` placeholders on the client, the way i18next does on the server. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
