import type { I18nKey, PluralCategory, PluralKey } from '../i18n/keys';

/**
 * All forms of a plural family in one language, and that language: what an island needs to say
 * a count the way the language does ({@link plural}). `other` is in every language.
 */
export type PluralForms = { readonly locale: string; readonly other: string } & Readonly<
  Partial<Record<Exclude<PluralCategory, 'other'>, string>>
>;

/**
 * Islands get their words as props, translated on the server: no i18n library in the bundle.
 * Each island exports a map of label name → catalogue key; the page translates it with `t`.
 * Placeholders stay in place (i18next leaves an unfilled `{{name}}` alone) for {@link fill};
 * a plural family's key becomes its {@link PluralForms}, for {@link plural}.
 */
export type Labels<Keys extends Record<string, I18nKey>> = {
  [Name in keyof Keys]: Keys[Name] extends PluralKey ? PluralForms : string;
};

/**
 * A `t` of one language (`locale`): only keys of en.json (src/i18n/keys.ts), with i18next's
 * interpolation values (`{ count }`, `{ name }`) as they were. A plural family's base key wants
 * its `count`, from which i18next picks the form.
 */
export type T = {
  <Key extends I18nKey>(
    key: Key,
    ...values: Key extends PluralKey
      ? [values: { count: number } & Record<string, unknown>]
      : [values?: Record<string, unknown>]
  ): string;
  readonly locale: string;
};

/**
 * A page's `t` is one function per language for the life of the process (src/i18n getT), and key
 * maps are module constants: so each (map, language) pair is translated once and the frozen
 * answer shared by every request, instead of a few hundred lookups per page. A `t` made for one
 * call (a test's) is only held as long as its map is alive.
 */
const translated = new WeakMap<object, WeakMap<T, Readonly<Record<string, string | PluralForms>>>>();

export function translate<const Keys extends Record<string, I18nKey>>(t: T, keys: Keys): Labels<Keys> {
  let byT = translated.get(keys);
  if (!byT) translated.set(keys, (byT = new WeakMap()));
  let labels = byT.get(t);
  if (!labels) {
    labels = Object.freeze(
      Object.fromEntries(
        Object.entries(keys).map(([name, key]) => [name, pluralForms(t, key) ?? say(t, key)]),
      ),
    );
    byT.set(t, labels);
  }
  return labels as Labels<Keys>;
}

/** A key without a count: a plural family's base key never gets here (`pluralForms` answers). */
const say = (t: T, key: I18nKey) => (t as unknown as (key: string) => string)(key);

/** The rules of a language, made once: each `Intl.PluralRules` reads the locale data anew. */
const rulesByLocale = new Map<string, Intl.PluralRules>();

function pluralRules(locale: string): Intl.PluralRules {
  let rules = rulesByLocale.get(locale);
  if (!rules) rulesByLocale.set(locale, (rules = new Intl.PluralRules(locale)));
  return rules;
}

/**
 * A key's plural forms in `t`'s language, or undefined when the key has none. i18next picks a
 * form only when given a count and fills it at once; an island must pick for counts it learns
 * later, so it gets every form its language has, with their placeholders left in place.
 */
function pluralForms(t: T, key: I18nKey): PluralForms | undefined {
  const ask = t as unknown as (key: string) => string;
  const other = `${key}_other`;
  if (ask(other) === other) return undefined;
  const categories = pluralRules(t.locale).resolvedOptions().pluralCategories;
  return Object.freeze(
    Object.fromEntries([
      ['locale', t.locale],
      ...categories.map((category) => [category, ask(`${key}_${category}`)]),
    ]),
  ) as PluralForms;
}

/**
 * Says a count in words on the client, as i18next's `t(key, { count })` does on the server: picks
 * the form the language uses for `count` (Intl.PluralRules: French says "0 utilisateur",
 * Romanian "2 utilizatori" but "20 de utilizatori") and fills it. `values.count` may carry the
 * number as shown (`formatNumber`); the form is chosen from `count` itself.
 */
export function plural(
  forms: PluralForms,
  count: number,
  values: Record<string, string | number> = {},
): string {
  const template = forms[pluralRules(forms.locale).select(count)] ?? forms.other;
  return fill(template, { count, ...values });
}

const asJson = new WeakMap<object, string>();

/**
 * Labels as JSON for a trigger's `data-labels` (components/on-demand.ts): `translate` hands out
 * one frozen object per key map and language, so each is stringified once, not per request.
 */
export function labelsJson(labels: Readonly<Record<string, string | PluralForms>>): string {
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
