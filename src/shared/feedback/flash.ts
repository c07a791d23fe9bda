import type { I18nKey } from '../../i18n/keys';
import type { SnackbarOptions, SnackbarSeverity } from '../../stores/snackbar';

/**
 * A message for the next page, carried by a one-shot cookie: an endpoint or page sets it before
 * redirecting, the layout translates it and hands it to the feedback island, which shows it as a
 * snackbar and deletes the cookie. Isomorphic: no server imports, so endpoints and islands share it.
 */
export const FLASH_COOKIE = 'flash';
/** Long enough to survive a redirect or two; short enough that a stale message never surprises. */
const FLASH_MAX_AGE_S = 60;
const MESSAGE_KEY = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/** `default` is the neutral snackbar; a severity makes it a coloured alert. */
export type FlashVariant = 'default' | SnackbarSeverity;
const VARIANTS: readonly FlashVariant[] = ['default', 'success', 'error', 'warning', 'info'];

export interface Flash {
  /**
   * An i18n catalogue key, never text. A `string`, not an `I18nKey`: the browser can write the
   * cookie, so what is read back is checked against the catalogue before it is translated.
   */
  messageKey: string;
  variant: FlashVariant;
}

/**
 * The `Set-Cookie` header value for a flash message, e.g.
 * `headers.append('set-cookie', flashCookie('auth.reset.done', 'success', { secure }))`.
 * Not HttpOnly: the island deletes it from script once shown.
 */
export function flashCookie(
  messageKey: I18nKey,
  variant: FlashVariant = 'default',
  { secure = false }: { secure?: boolean } = {},
): string {
  if (!MESSAGE_KEY.test(messageKey)) throw new Error(`Not an i18n key: ${messageKey}`);
  const value = encodeURIComponent(JSON.stringify({ messageKey, variant } satisfies Flash));
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${FLASH_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Reads the cookie's value, URL-encoded or already decoded (Astro's `cookies.get` decodes), or
 * a bare key (shown as a default snackbar). Anything else is ignored.
 */
export function readFlash(raw: string | null | undefined): Flash | null {
  if (!raw) return null;
  if (MESSAGE_KEY.test(raw)) return { messageKey: raw, variant: 'default' };
  let value = parse(raw);
  if (value === null && raw.includes('%')) {
    try {
      value = parse(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { messageKey, variant = 'default' } = value as Partial<Flash>;
  if (typeof messageKey !== 'string' || !MESSAGE_KEY.test(messageKey)) return null;
  return { messageKey, variant: VARIANTS.includes(variant) ? variant : 'default' };
}

/** A translated flash, as the layout passes it to the island. */
export interface FlashMessage {
  message: string;
  variant: FlashVariant;
}

export function flashSnackbar({ message, variant }: FlashMessage): SnackbarOptions {
  return variant === 'default' ? { message } : { message, variant: 'alert', severity: variant };
}

/** Deletes the cookie in this browser, so a reload or the next page does not show it again. */
export function clearFlashCookie(doc: Pick<Document, 'cookie' | 'location'> = document): void {
  if (!new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=`).test(doc.cookie)) return;
  const secure = doc.location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
}
