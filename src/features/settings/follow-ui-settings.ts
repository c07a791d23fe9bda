import { preferenceCookie, readCookie } from '../../lib/preference-cookie';
import { $uiSettings } from '../../stores/ui-settings';
import {
  htmlAttributes,
  parseUiSettings,
  serializeUiSettings,
  UI_COOKIE,
  type UiSettings,
} from '../../shared/settings/ui-settings';

/** Sets the look's attributes on `<html>`; the stylesheet does the rest, without a reload. */
export function applyUiSettings(settings: UiSettings, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(htmlAttributes(settings))) {
    if (root.getAttribute(name) !== value) root.setAttribute(name, value);
  }
}

/**
 * The look the server painted this page with is the truth for the page: taking the cookie's
 * settings means hydration never changes what is on screen. Only without the cookie (cleared, or
 * expired) does the store's own localStorage copy decide, and the cookie is written back from it.
 */
function adoptPaintedLook(): void {
  const painted = readCookie(document.cookie, UI_COOKIE);
  if (painted !== null) $uiSettings.set(parseUiSettings(painted));
}

/**
 * Keeps the page and the `ui` cookie in step with the store, whichever tab changed it. The cookie
 * is what lets the server paint the next page right; localStorage is what other tabs listen to.
 * Returns the unsubscribe.
 */
export function followUiSettings(): () => void {
  adoptPaintedLook();
  const unsubscribe = $uiSettings.subscribe((settings) => {
    applyUiSettings(settings);
    const value = serializeUiSettings(settings);
    if (readCookie(document.cookie, UI_COOKIE) !== value) {
      document.cookie = preferenceCookie(UI_COOKIE, value, window.location.protocol === 'https:');
    }
  });
  // A page back from the back/forward cache missed the other tabs' changes while it slept; they
  // wrote the cookie too.
  const restored = (event: PageTransitionEvent) => {
    if (event.persisted) adoptPaintedLook();
  };
  window.addEventListener('pageshow', restored);
  return () => {
    unsubscribe();
    window.removeEventListener('pageshow', restored);
  };
}
