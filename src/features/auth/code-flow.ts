import { api } from '../../lib/api-client';
import { countIn, describeFailure } from '../../lib/api-failure';
import {
  forget,
  OTP_CHALLENGE_KEY,
  readOtpChallenge,
  readResetChallenge,
  RESET_CHALLENGE_KEY,
  RESET_TOKEN_KEY,
  resendAtFrom,
  save,
} from './auth-storage';

/** `login`: the code after the password. `reset`: the code from the forgot-password mail. */
export type Purpose = 'login' | 'reset';

export interface Challenge {
  purpose: Purpose;
  email: string;
  /** Only for `login`: names the sign-in waiting for its code. */
  otpToken?: string;
  expiresAt?: string;
  resendAt: number;
}

export type VerifyOutcome =
  | { kind: 'done'; next: string }
  | { kind: 'wrong'; message: string; triesLeft?: number }
  /** The challenge is over (expired, used, out of tries): start again. */
  | { kind: 'dead'; message: string }
  | { kind: 'error'; message: string };

export type ResendOutcome =
  | { kind: 'sent'; resendAt: number; expiresAt?: string }
  | { kind: 'wait'; message: string; resendAt: number }
  | { kind: 'exhausted'; message: string }
  | { kind: 'dead'; message: string }
  | { kind: 'error'; message: string };

/** "14:05" / "2:05 PM": when the code stops working, in the page's language; null if unknown. */
export function expiryTime(expiresAt: string | undefined, lang: string): string | null {
  const at = expiresAt ? new Date(expiresAt) : null;
  if (!at || Number.isNaN(at.getTime())) return null;
  return new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' }).format(at);
}

export function loadChallenge(purpose: Purpose): Challenge | null {
  if (purpose === 'reset') {
    const reset = readResetChallenge();
    return reset && { purpose, ...reset };
  }
  const login = readOtpChallenge();
  return login && { purpose, ...login };
}

function store(challenge: Challenge): void {
  if (challenge.purpose === 'reset') {
    save(RESET_CHALLENGE_KEY, { email: challenge.email, resendAt: challenge.resendAt });
  } else {
    const { otpToken, email, expiresAt, resendAt } = challenge;
    save(OTP_CHALLENGE_KEY, { otpToken, email, expiresAt, resendAt });
  }
}

const challengeKey = (purpose: Purpose) => (purpose === 'reset' ? RESET_CHALLENGE_KEY : OTP_CHALLENGE_KEY);

export async function verifyCode(
  challenge: Challenge,
  otp: string,
  unreachable: string,
): Promise<VerifyOutcome> {
  try {
    if (challenge.purpose === 'login') {
      await api('/api/admin/verifyotp', { json: { otpToken: challenge.otpToken, otp } });
      forget(OTP_CHALLENGE_KEY);
      return { kind: 'done', next: '/dashboard' };
    }
    const { ResponseBody } = await api<{ resetToken?: string }>('/api/admin/verifyresetcode', {
      json: { email: challenge.email, otp },
    });
    if (!ResponseBody?.resetToken) return { kind: 'error', message: unreachable };
    save(RESET_TOKEN_KEY, ResponseBody.resetToken);
    forget(RESET_CHALLENGE_KEY);
    return { kind: 'done', next: '/reset-password' };
  } catch (error) {
    const failure = describeFailure(error, unreachable);
    const triesLeft = countIn(failure.body, 'triesLeft');
    const over = failure.status === 410 || (failure.status === 429 && challenge.purpose === 'reset');
    if (over || triesLeft === 0) {
      forget(challengeKey(challenge.purpose));
      return { kind: 'dead', message: failure.message };
    }
    if (failure.status === 400) {
      return { kind: 'wrong', message: failure.fields.otp ?? failure.message, triesLeft };
    }
    return { kind: 'error', message: failure.message };
  }
}

/** Asks for a new code: `sendotp` for a sign-in, `forgotpassword` again for a reset. */
export async function resendCode(challenge: Challenge, unreachable: string): Promise<ResendOutcome> {
  try {
    const { ResponseBody } =
      challenge.purpose === 'login'
        ? await api<{ expiresAt?: string; resendAfter?: number }>('/api/admin/sendotp', {
            json: { otpToken: challenge.otpToken },
          })
        : await api<{ resendAfter?: number }>('/api/admin/forgotpassword', {
            json: { email: challenge.email },
          });
    const expiresAt =
      ResponseBody && 'expiresAt' in ResponseBody && typeof ResponseBody.expiresAt === 'string'
        ? ResponseBody.expiresAt
        : undefined;
    const resendAt = resendAtFrom(ResponseBody?.resendAfter);
    store({ ...challenge, resendAt, ...(expiresAt ? { expiresAt } : {}) });
    return { kind: 'sent', resendAt, ...(expiresAt ? { expiresAt } : {}) };
  } catch (error) {
    const failure = describeFailure(error, unreachable);
    if (failure.status === 410) {
      forget(challengeKey(challenge.purpose));
      return { kind: 'dead', message: failure.message };
    }
    if (failure.status === 429 && countIn(failure.body, 'resendsLeft') === 0) {
      return { kind: 'exhausted', message: failure.message };
    }
    if (failure.status === 429) {
      const resendAt = resendAtFrom(countIn(failure.body, 'retryAfter'));
      store({ ...challenge, resendAt });
      return { kind: 'wait', message: failure.message, resendAt };
    }
    return { kind: 'error', message: failure.message };
  }
}
