import { LoginInput, VerifyOtpInput, VerifyResetCodeInput } from '../../shared/auth/auth-input';
import type { PendingCode, Purpose } from '../../shared/auth/code-flow';
import { expiryTime } from '../../shared/auth/code-flow';
import { maskEmail } from '../../shared/auth/mask-email';
import { onlyDigits } from '../../shared/auth/otp-digits';
import { LANGUAGE_TAGS } from '../../i18n';
import type { Failure } from '../../lib/api-failure';
import { parseWith } from '../http/envelope';
import { HttpError } from '../http/errors';
import { noStore, readFormFields, runForm, type FormPage } from '../http/form-post';
import { clearReset, readPendingReset, readPendingSignIn } from './pending-cookies';
import { describePendingSignIn } from './pending-sign-in';
import {
  codeStep,
  forgotStep,
  openBrowserSession,
  passwordStep,
  resendStep,
  resetCodeStep,
} from './sign-in-steps';

/**
 * The form posts of `/` and `/code-verification`, for a person whose page script has not loaded
 * (or never will): the same steps as the JSON endpoints, then a redirect (303) on success, or the
 * page again with the refusal's status and its words on the fields.
 */

export interface LoginView {
  /** What was typed, to type no more; the password is never sent back. */
  email: string;
  failure?: Failure;
}

export async function loginPage(page: FormPage): Promise<Response | LoginView> {
  noStore(page);
  if (page.request.method !== 'POST') return { email: '' };
  let email = '';
  const outcome = await runForm(page, async () => {
    const fields = await readFormFields(page, ['email', 'password']);
    email = fields.email ?? '';
    const input = parseWith(LoginInput, fields, page);
    return passwordStep(page, input.email, input.password);
  });
  return outcome.ok ? page.redirect('/code-verification', 303) : { email, failure: outcome.failure };
}

export interface CodeView {
  purpose: Purpose;
  /** null: nothing waits for a code in this browser (never was, or over: see `over`). */
  pending: PendingCode | null;
  /** Why the step is over (too many tries, expired). */
  over?: string;
  /** A refused code, or a refusal unrelated to a field (429, 503). */
  failure?: Failure;
  /** What became of a resend asked for without script. */
  notice?: string;
}

async function pendingCode(page: FormPage, purpose: Purpose): Promise<PendingCode | null> {
  const lang = LANGUAGE_TAGS[page.locals.locale];
  if (purpose === 'reset') {
    const reset = readPendingReset(page.cookies);
    return reset && { email: maskEmail(reset.email), resendAt: reset.resendAt };
  }
  const signIn = await describePendingSignIn(readPendingSignIn(page.cookies));
  if (!signIn) return null;
  // The server does not know the reader's time zone: it names its own; the island shows local time.
  const expiresText = expiryTime(signIn.expiresAt, lang, true) ?? undefined;
  return { ...signIn, email: maskEmail(signIn.email), expiresText };
}

/** A step over for good: start again (410, or a reset code refused for too many tries). */
const isOver = (purpose: Purpose, failure: Failure) =>
  failure.status === 410 || (purpose === 'reset' && failure.status === 429) || failure.body.triesLeft === 0;

export async function codePage(page: FormPage, purpose: Purpose): Promise<Response | CodeView> {
  noStore(page);
  if (page.request.method !== 'POST') return { purpose, pending: await pendingCode(page, purpose) };
  let resend = false as boolean;
  const outcome = await runForm(page, async () => {
    const fields = await readFormFields(page, ['otp', 'intent', 'method']);
    resend = fields.intent === 'resend';
    if (purpose === 'reset') {
      const email = readPendingReset(page.cookies)?.email;
      if (!email) throw new HttpError(410, 'auth.reset.gone');
      if (resend) return forgotStep(page, email).then(() => 'resent' as const);
      const input = parseWith(VerifyResetCodeInput, { email, otp: onlyDigits(fields.otp ?? '') }, page);
      return resetCodeStep(page, input.email, input.otp).then(() => '/reset-password');
    }
    const otpToken = readPendingSignIn(page.cookies);
    if (!otpToken) throw new HttpError(410, 'auth.otp.gone');
    if (resend) return resendStep(page, otpToken).then(() => 'resent' as const);
    // An app or recovery code (a second factor) names its method; the mailed code names none.
    const method = fields.method === 'totp' || fields.method === 'recovery' ? fields.method : undefined;
    const otp = method === 'recovery' ? (fields.otp ?? '').trim() : onlyDigits(fields.otp ?? '');
    const input = parseWith(VerifyOtpInput, { otpToken, otp, ...(method ? { method } : {}) }, page);
    const { token, adminData } = await codeStep(page, input.otpToken, input.otp, input.method);
    await openBrowserSession(page.cookies, token, adminData.id);
    return '/dashboard';
  });
  if (outcome.ok && outcome.value !== 'resent') return page.redirect(outcome.value, 303);
  if (outcome.ok)
    return { purpose, pending: await pendingCode(page, purpose), notice: page.locals.t('auth.otp.resent') };
  const { failure } = outcome;
  if (isOver(purpose, failure)) {
    if (purpose === 'reset') clearReset(page.cookies);
    return { purpose, pending: null, over: failure.message };
  }
  const pending = await pendingCode(page, purpose);
  return resend ? { purpose, pending, notice: failure.message } : { purpose, pending, failure };
}
