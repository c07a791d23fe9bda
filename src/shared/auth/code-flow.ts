import { api } from '../../lib/api-client';
import { countIn, describeFailure } from '../../lib/api-failure';
import { dateTimeFormat } from '../../lib/format';

/** `login`: the code after the password. `reset`: the code from the forgot-password mail. */
export type Purpose = 'login' | 'reset';

/**
 * What the page tells the code step about the step waiting for its code. The server reads it from
 * the pending cookies (HttpOnly: the island never holds the token that names it) and the calls
 * below name nothing either: the same cookies ride along.
 */
export interface PendingCode {
  /** Masked by the server ("o•••@example.test"). */
  email: string;
  /** ISO 8601: when the current code stops working (sign-in only). */
  expiresAt?: string;
  /** The same moment in the server's words (with its time zone), until the island shows local time. */
  expiresText?: string;
  /** Epoch ms: when a new code may be asked for. */
  resendAt: number;
  /** Every resend is spent. */
  exhausted?: boolean;
  /** How the sign-in may finish (`login`'s methods): no `email` for an admin with a second factor. */
  methods?: ('passkey' | 'totp' | 'recovery' | 'email')[];
}

export type VerifyOutcome =
  | { kind: 'done'; next: string }
  | { kind: 'wrong'; message: string; triesLeft?: number }
  /** The step is over (expired, used, out of tries): start again. */
  | { kind: 'dead'; message: string }
  | { kind: 'error'; message: string };

export type ResendOutcome =
  | { kind: 'sent'; resendAt: number; expiresAt?: string }
  | { kind: 'wait'; message: string; resendAt: number }
  | { kind: 'exhausted'; message: string }
  | { kind: 'dead'; message: string }
  | { kind: 'error'; message: string };

/** Turns the server's "seconds until a resend is allowed" into a moment. */
export function resendAtFrom(resendAfter: unknown, now = Date.now()): number {
  return now + (typeof resendAfter === 'number' && resendAfter > 0 ? resendAfter * 1000 : 0);
}

/**
 * "14:05" / "2:05 PM": when the code stops working, in the page's language; null if unknown.
 * `withZone` adds the zone's name ("14:05 UTC"), for the server, which cannot know the reader's.
 */
export function expiryTime(expiresAt: string | undefined, lang: string, withZone = false): string | null {
  const at = expiresAt ? new Date(expiresAt) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  return dateTimeFormat(lang, {
    hour: 'numeric',
    minute: '2-digit',
    ...(withZone ? { timeZoneName: 'short' as const } : {}),
  }).format(at);
}

export async function verifyCode(purpose: Purpose, otp: string, unreachable: string): Promise<VerifyOutcome> {
  try {
    if (purpose === 'login') {
      await api('/api/admin/verifyotp', { json: { otp } });
      return { kind: 'done', next: '/dashboard' };
    }
    await api('/api/admin/verifyresetcode', { json: { otp } });
    return { kind: 'done', next: '/reset-password' };
  } catch (error) {
    const failure = describeFailure(error, unreachable);
    const triesLeft = countIn(failure.body, 'triesLeft');
    const over = failure.status === 410 || (failure.status === 429 && purpose === 'reset');
    if (over || triesLeft === 0) return { kind: 'dead', message: failure.message };
    if (failure.status === 400) {
      return { kind: 'wrong', message: failure.fields.otp ?? failure.message, triesLeft };
    }
    return { kind: 'error', message: failure.message };
  }
}

/** Asks for a new code: `sendotp` for a sign-in, `forgotpassword` again for a reset. */
export async function resendCode(purpose: Purpose, unreachable: string): Promise<ResendOutcome> {
  try {
    const { ResponseBody }: { ResponseBody?: { expiresAt?: string; resendAfter?: number } } =
      purpose === 'login'
        ? await api('/api/admin/sendotp', { json: {} })
        : await api('/api/admin/forgotpassword', { json: {} });
    const expiresAt = typeof ResponseBody?.expiresAt === 'string' ? ResponseBody.expiresAt : undefined;
    return {
      kind: 'sent',
      resendAt: resendAtFrom(ResponseBody?.resendAfter),
      ...(expiresAt ? { expiresAt } : {}),
    };
  } catch (error) {
    const failure = describeFailure(error, unreachable);
    if (failure.status === 410) return { kind: 'dead', message: failure.message };
    if (failure.status === 429 && countIn(failure.body, 'resendsLeft') === 0) {
      return { kind: 'exhausted', message: failure.message };
    }
    if (failure.status === 429) {
      return {
        kind: 'wait',
        message: failure.message,
        resendAt: resendAtFrom(countIn(failure.body, 'retryAfter')),
      };
    }
    return { kind: 'error', message: failure.message };
  }
}
