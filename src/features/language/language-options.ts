import type { T } from '../../lib/labels';
import { LANGUAGE_TAGS, LOCALE_COOKIE, LOCALES, type Locale } from '../../i18n';

/** What the language menu (LanguageMenu.astro, language-menu.ts) is drawn from. */
export interface LanguageMenuProps {
  current: Locale;
  options: readonly LanguageOption[];
  /** "Language", translated: the button's hidden label and the menu's name. */
  label: string;
  /** `LOCALE_COOKIE`, passed in so the menu's script never imports `src/i18n` (i18next + catalogues). */
  cookieName: string;
  /** Signed in: where the choice is saved on the admin, so it follows them to other browsers. */
  saveUrl?: string;
}

/** One entry of the language menu. */
export interface LanguageOption {
  code: Locale;
  /** BCP 47 tag for the option's `lang` attribute. */
  tag: string;
  /** The language's own name for itself ("Français", "中文"), so it needs no catalogue entry. */
  name: string;
}

/** The language's name in that language, capitalised the way a menu shows it ("français" → "Français"). */
export function autonym(locale: Locale): string {
  const tag = LANGUAGE_TAGS[locale];
  const name = new Intl.DisplayNames([tag], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/** Intl.DisplayNames is slow to build and the answer never changes: computed once, not per page. */
const options: readonly LanguageOption[] = LOCALES.map((code) => ({
  code,
  tag: LANGUAGE_TAGS[code],
  name: autonym(code),
}));

export function languageOptions(): LanguageOption[] {
  return options.map((option) => ({ ...option }));
}

/**
 * The menu's data, built on the server. Names are computed here rather than in the browser so
 * the button shows the same name before and after the script runs, and so the script never
 * imports `src/i18n` (which would bundle i18next and every catalogue).
 */
export function languageMenuProps(t: T, locale: Locale, signedIn = false): LanguageMenuProps {
  return {
    current: locale,
    options: languageOptions(),
    label: t('language.label'),
    cookieName: LOCALE_COOKIE,
    ...(signedIn ? { saveUrl: '/api/admin/updatelanguage' } : {}),
  };
}
