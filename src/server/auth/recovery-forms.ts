import { ForgotPasswordInput, ResetPasswordInput } from '../../shared/auth/auth-input';
import type { Failure } from '../../lib/api-failure';
import { parseWith } from '../http/envelope';
import { HttpError } from '../http/errors';
import { noStore, readFormFields, runForm, type FormPage } from '../http/form-post';
import { findLiveChallenge } from './challenges';
import { clearResetToken, readPendingReset, readResetToken, setResetToken } from './pending-cookies';
import { forgotStep, newPasswordStep } from './sign-in-steps';

/** The form posts of `/forgot-password` and `/reset-password` (`/check-mail` is the reset's code step: sign-in-forms.ts). */

export interface ForgotView {
  email: string;
  failure?: Failure;
}

/**
 * The address the sign-in page carried over (`?email=`, what was typed there before "Forgot
 * password?"): shown in the box to check and send, never acted on. Anything no address could be
 * is dropped.
 */
function carriedEmail(url: URL): string {
  const email = url.searchParams.get('email')?.trim() ?? '';
  return email.length <= 254 && !/[\s\p{Cc}]/u.test(email) ? email : '';
}

export async function forgotPage(page: FormPage): Promise<Response | ForgotView> {
  noStore(page);
  if (page.request.method !== 'POST') return { email: carriedEmail(page.url) };
  let email = '';
  const outcome = await runForm(page, async () => {
    const fields = await readFormFields(page, ['email']);
    email = fields.email ?? '';
    return forgotStep(page, parseWith(ForgotPasswordInput, fields, page).email);
  });
  return outcome.ok ? page.redirect('/check-mail', 303) : { email, failure: outcome.failure };
}

export interface ResetView {
  /** False: no live reset in this browser; the page offers to ask for a new code. */
  ready: boolean;
  /** The address of the pending reset, for password managers and the strength meter. */
  email: string;
  failure?: Failure;
}

const resetTokenFormat = ResetPasswordInput.shape.resetToken;

export async function resetPage(page: FormPage): Promise<Response | ResetView> {
  noStore(page);
  // The mailed link: its token moves into a cookie and out of the address bar (history, logs).
  const fromLink = page.url.searchParams.get('token');
  if (page.request.method === 'GET' && fromLink !== null) {
    if (resetTokenFormat.safeParse(fromLink).success) setResetToken(page.cookies, fromLink);
    return page.redirect('/reset-password', 303);
  }
  const email = readPendingReset(page.cookies)?.email ?? '';
  const token = readResetToken(page.cookies);
  if (page.request.method !== 'POST') {
    const live = token !== undefined && (await findLiveChallenge(token, 'reset')) !== null;
    if (!live) clearResetToken(page.cookies);
    return { ready: live, email };
  }
  const outcome = await runForm(page, async () => {
    const fields = await readFormFields(page, ['password', 'confirm']);
    if (!token) throw new HttpError(410, 'auth.reset.gone');
    if ((fields.confirm ?? '') !== (fields.password ?? '')) {
      throw new HttpError(400, 'reset.mismatch', { fieldKeys: { confirm: 'reset.mismatch' } });
    }
    const input = parseWith(ResetPasswordInput, { resetToken: token, password: fields.password ?? '' }, page);
    await newPasswordStep(page, input.resetToken, input.password);
  });
  if (outcome.ok) return page.redirect('/?reset=1', 303);
  return { ready: outcome.failure.status !== 410, email, failure: outcome.failure };
}
