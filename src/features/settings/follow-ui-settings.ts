import { preferenceCookie, readCookie } from '../../lib/preference-cookie';
import { $uiSettings, UI_SETTINGS_STORAGE_KEY } from '../../stores/ui-settings';
import {
  htmlAttributes,
  parseUiSettings,
  serializeUiSettings,
  UI_COOKIE,
  type UiSettings,
} from './ui-settings';

/** Sets the look's attributes on `<html>`; the stylesheet does the rest, without a reload. */
export function applyUiSettings(settings: UiSettings, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(htmlAttributes(settings))) {
    if (root.getAttribute(name) !== value) root.setAttribute(name, value);
  }
}

function storedSettings(): string | null {
  try {
    return localStorage.getItem(UI_SETTINGS_STORAGE_KEY);
  } catch {
    // Storage can be switched off; the cookie still carries the look.
    return null;
  }
}

/**
 * Keeps the page and the `ui` cookie in step with the store, whichever tab changed it. The cookie
 * is what lets the server paint the next page right; localStorage is what other tabs listen to.
 * Returns the unsubscribe.
 */
export function followUiSettings(): () => void {
  // Storage cleared (or another browser profile) while the cookie survived: the page shows the cookie's look.
  const fromCookie = readCookie(document.cookie, UI_COOKIE);
  if (storedSettings() === null && fromCookie) $uiSettings.set(parseUiSettings(fromCookie));

  const unsubscribe = $uiSettings.subscribe((settings) => {
    applyUiSettings(settings);
    const value = serializeUiSettings(settings);
    if (readCookie(document.cookie, UI_COOKIE) !== value) {
      document.cookie = preferenceCookie(UI_COOKIE, value, window.location.protocol === 'https:');
    }
  });
  // A page back from the back/forward cache missed the other tabs' changes while it slept.
  const restored = (event: PageTransitionEvent) => {
    const stored = storedSettings();
    if (event.persisted && stored) $uiSettings.set(parseUiSettings(stored));
  };
  window.addEventListener('pageshow', restored);
  return () => {
    unsubscribe();
    window.removeEventListener('pageshow', restored);
  };
}
