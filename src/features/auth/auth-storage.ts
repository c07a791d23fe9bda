/**
 * What the sign-in and recovery steps hand each other between pages. It lives in sessionStorage:
 * one tab, gone when the tab closes, and never in a URL (which would reach logs and history).
 * Session tokens are never here: the session is an HttpOnly cookie.
 */
export const OTP_CHALLENGE_KEY = 'otp-challenge';
export const RESET_CHALLENGE_KEY = 'reset-challenge';
export const RESET_TOKEN_KEY = 'reset-token';
/** localStorage keys under this prefix belong to the signed-in admin and are cleared at logout. */
export const ADMIN_STATE_PREFIX = 'admin:';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface OtpChallenge {
  otpToken: string;
  email: string;
  /** ISO 8601: when the current code stops working. */
  expiresAt: string;
  /** Epoch milliseconds: when a new code may be asked for. */
  resendAt: number;
}

export interface ResetChallenge {
  email: string;
  resendAt: number;
}

/** sessionStorage, or null where the browser refuses it (storage disabled, sandboxed frame). */
export function tabStorage(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Turns the server's "seconds until a resend is allowed" into a moment that survives a reload. */
export function resendAtFrom(resendAfter: unknown, now = Date.now()): number {
  return now + (typeof resendAfter === 'number' && resendAfter > 0 ? resendAfter * 1000 : 0);
}

function readJson(storage: KeyValueStorage | null, key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const asTime = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

export function readOtpChallenge(storage = tabStorage()): OtpChallenge | null {
  const value = readJson(storage, OTP_CHALLENGE_KEY);
  if (!value || !isText(value.otpToken) || !isText(value.email) || !isText(value.expiresAt)) return null;
  return {
    otpToken: value.otpToken,
    email: value.email,
    expiresAt: value.expiresAt,
    resendAt: asTime(value.resendAt),
  };
}

export function readResetChallenge(storage = tabStorage()): ResetChallenge | null {
  const value = readJson(storage, RESET_CHALLENGE_KEY);
  return value && isText(value.email) ? { email: value.email, resendAt: asTime(value.resendAt) } : null;
}

export function readResetToken(storage = tabStorage()): string | null {
  const value = storage?.getItem(RESET_TOKEN_KEY);
  return isText(value) ? value : null;
}

export function save(key: string, value: unknown, storage = tabStorage()): void {
  storage?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
}

export function forget(key: string, storage = tabStorage()): void {
  storage?.removeItem(key);
}

/** Logout: nothing the admin left in this browser outlives the session. */
export function clearAdminState(
  session: Pick<Storage, 'clear'> | null = tabStorage() as Storage | null,
  local: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
): void {
  session?.clear();
  if (!local) return;
  const keys = Array.from({ length: local.length }, (_, index) => local.key(index));
  for (const key of keys) if (key?.startsWith(ADMIN_STATE_PREFIX)) local.removeItem(key);
}
