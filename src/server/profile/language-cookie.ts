import type { AstroCookies } from 'astro';
import { isLocale, LOCALE_COOKIE } from '../../i18n/locales';
import { PREFERENCE_COOKIE_MAX_AGE } from '../../lib/preference-cookie';
import { config } from '../config';

/**
 * Signing in sets the browser's language to the one saved on the admin, so their choice follows
 * them to any browser; a choice made later in this browser (the header menu) saves it again.
 */
export function setLanguageCookie(cookies: AstroCookies, locale: string | null): void {
  if (!isLocale(locale)) return;
  cookies.set(LOCALE_COOKIE, locale, {
    path: '/',
    sameSite: 'lax',
    secure: config().secureCookies,
    maxAge: PREFERENCE_COOKIE_MAX_AGE,
  });
}
