/**
 * Islands get their words as props, translated on the server: no i18n library in the bundle.
 * Each island exports a map of label name → catalogue key; the page translates it with `t`.
 * Placeholders stay in place (i18next leaves an unfilled `{{name}}` alone) for {@link fill}.
 */
export type Labels<Keys extends Record<string, string>> = Record<keyof Keys, string>;

export function translate<const Keys extends Record<string, string>>(
  t: (key: string) => string,
  keys: Keys,
): Labels<Keys> {
  return Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, t(key)])) as Labels<Keys>;
}

/** Fills `{{name}}` placeholders on the client, the way i18next does on the server. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
