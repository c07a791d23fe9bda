import type { APIContext, AstroCookies } from 'astro';
import { HttpError } from '../http/errors';
import { setLanguageCookie } from '../profile/language-cookie';
import { savedLanguage } from '../profile/service';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { CodeMethod } from '../../shared/mfa/mfa-input';
import { login, passkeySignIn, resendSignInCode, verifySignInCode } from './login-service';
import {
  clearPendingSignIn,
  clearReset,
  clearResetToken,
  setPendingReset,
  setPendingSignIn,
  setResetToken,
} from './pending-cookies';
import { requestPasswordReset, resetPassword, verifyResetCode } from './recovery-service';
import { requestMeta } from './request-meta';
import { setSessionCookie } from './session-cookie';

/**
 * The sign-in and recovery steps with the pending cookies they hand on (pending-cookies.ts), used
 * alike by the JSON endpoints (islands, API clients) and by the pages' own form posts (no script).
 */
export type StepContext = Pick<APIContext, 'cookies' | 'locals' | 'request'>;

/** A step that is over (410: used, expired, out of tries) leaves nothing to carry on with. */
async function forgettingWhenOver<T>(step: Promise<T>, forget: () => void): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof HttpError && error.status === 410) forget();
    throw error;
  }
}

export async function passwordStep(context: StepContext, email: string, password: string) {
  const answer = await login(email, password, requestMeta(context));
  setPendingSignIn(context.cookies, answer.otpToken, answer.expiresAt);
  return answer;
}

export async function resendStep(context: StepContext, otpToken: string) {
  const answer = await forgettingWhenOver(resendSignInCode(otpToken), () =>
    clearPendingSignIn(context.cookies),
  );
  // A new code lives longer than the old one: so does the cookie naming its sign-in.
  setPendingSignIn(context.cookies, otpToken, answer.expiresAt);
  return answer;
}

/** The code step; the caller decides how the new session travels (see openBrowserSession). */
export async function codeStep(context: StepContext, otpToken: string, otp: string, method?: CodeMethod) {
  const signedIn = await forgettingWhenOver(
    verifySignInCode(otpToken, otp, requestMeta(context), method),
    () => clearPendingSignIn(context.cookies),
  );
  clearPendingSignIn(context.cookies);
  return signedIn;
}

/** The passkey step, after the password (`otpToken`) or as the whole sign-in. */
export async function passkeyStep(
  context: StepContext,
  otpToken: string | undefined,
  response: AuthenticationResponseJSON,
) {
  const signedIn = await forgettingWhenOver(passkeySignIn(otpToken, response, requestMeta(context)), () =>
    clearPendingSignIn(context.cookies),
  );
  clearPendingSignIn(context.cookies);
  return signedIn;
}

/** A browser's session: the HttpOnly cookie, and the language the admin saved. */
export async function openBrowserSession(cookies: AstroCookies, token: string, adminId: number) {
  setSessionCookie(cookies, token);
  setLanguageCookie(cookies, await savedLanguage(adminId));
}

export async function forgotStep(context: StepContext, email: string) {
  const answer = await requestPasswordReset(email, requestMeta(context));
  setPendingReset(context.cookies, { email: answer.email, resendAt: Date.now() + answer.resendAfter * 1000 });
  return answer;
}

export async function resetCodeStep(context: StepContext, email: string, otp: string) {
  const answer = await verifyResetCode(email, otp, requestMeta(context));
  setResetToken(context.cookies, answer.resetToken);
  return answer;
}

export async function newPasswordStep(context: StepContext, resetToken: string, password: string) {
  await forgettingWhenOver(resetPassword(resetToken, password, requestMeta(context)), () =>
    clearResetToken(context.cookies),
  );
  clearReset(context.cookies);
}
