import type { AstroCookies } from 'astro';
import { hasControlCharacter } from '../../lib/control-characters';
import { config } from '../config';

/**
 * What the sign-in and recovery steps hand each other between pages, kept by the browser in
 * short-lived HttpOnly cookies: a step works with or without page script (a plain form post
 * carries them), page scripts never read them, and nothing lands in web storage or a URL.
 *
 * - pending sign-in: the challenge token from the password step, for the code step; as long as
 *   the code lives.
 * - pending reset: the address a reset was asked for, and when a new code may be asked for.
 * - reset token: from the reset code, or moved here from the mailed link's `?token=`.
 *
 * Same flags as the session cookie (DESIGN.md §8): SameSite=Lax, so no other site's form post
 * carries them, and `__Host-` + Secure when served over https.
 */
const NAMES = { signIn: 'pending-sign-in', reset: 'pending-reset', resetToken: 'reset-token' } as const;
type Kind = keyof typeof NAMES;

/** The reset link's lifetime (recovery-service): a pending reset is no use after it. */
export const RESET_COOKIE_MAX_AGE_S = 60 * 60;

export function pendingCookieName(kind: Kind): string {
  return config().secureCookies ? `__Host-${NAMES[kind]}` : NAMES[kind];
}

const flags = () => ({ httpOnly: true, sameSite: 'lax' as const, path: '/', secure: config().secureCookies });

function put(cookies: AstroCookies, kind: Kind, value: string | object, maxAgeS: number): void {
  cookies.set(pendingCookieName(kind), value, { ...flags(), maxAge: Math.max(1, Math.floor(maxAgeS)) });
}

function clear(cookies: AstroCookies, kind: Kind): void {
  if (cookies.has(pendingCookieName(kind))) cookies.delete(pendingCookieName(kind), flags());
}

const text = (cookies: AstroCookies, kind: Kind) => cookies.get(pendingCookieName(kind))?.value || undefined;

const secondsUntil = (iso: string) => (new Date(iso).getTime() - Date.now()) / 1000;

/** The password step passed: the code step needs this token until `expiresAt` (ISO 8601). */
export function setPendingSignIn(cookies: AstroCookies, otpToken: string, expiresAt: string): void {
  put(cookies, 'signIn', otpToken, secondsUntil(expiresAt));
}

export const readPendingSignIn = (cookies: AstroCookies) => text(cookies, 'signIn');

export const clearPendingSignIn = (cookies: AstroCookies) => clear(cookies, 'signIn');

export interface PendingReset {
  email: string;
  /** Epoch ms: when the server will send another code. */
  resendAt: number;
}

export function setPendingReset(cookies: AstroCookies, reset: PendingReset): void {
  put(cookies, 'reset', reset, RESET_COOKIE_MAX_AGE_S);
}

export function readPendingReset(cookies: AstroCookies): PendingReset | null {
  try {
    const value: unknown = cookies.get(pendingCookieName('reset'))?.json();
    if (typeof value !== 'object' || value === null) return null;
    const { email, resendAt } = value as Record<string, unknown>;
    // Only a forged cookie holds a control character; it would reach SQL as an error (NUL).
    if (typeof email !== 'string' || email === '' || hasControlCharacter(email)) return null;
    return { email, resendAt: typeof resendAt === 'number' && Number.isFinite(resendAt) ? resendAt : 0 };
  } catch {
    return null;
  }
}

export function setResetToken(cookies: AstroCookies, resetToken: string): void {
  put(cookies, 'resetToken', resetToken, RESET_COOKIE_MAX_AGE_S);
}

export const readResetToken = (cookies: AstroCookies) => text(cookies, 'resetToken');

export const clearResetToken = (cookies: AstroCookies) => clear(cookies, 'resetToken');

/** The reset is done (or over): nothing of it stays in the browser. */
export function clearReset(cookies: AstroCookies): void {
  clear(cookies, 'reset');
  clear(cookies, 'resetToken');
}
