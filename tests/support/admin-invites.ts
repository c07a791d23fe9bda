import { expect } from 'vitest';
import { fromNewAddress, post } from './api';
import { codeFrom, linkFrom, type Mailbox, type ReceivedMail } from './mailbox';

/** The token of an invitation mail's link, after checking the link is PUBLIC_URL's accept-invite page. */
export function inviteTokenFrom(mail: ReceivedMail, publicUrl: string): string {
  const link = new URL(linkFrom(mail));
  expect(link.origin + link.pathname).toBe(`${publicUrl}/accept-invite`);
  const token = link.searchParams.get('token');
  expect(token).toMatch(/^[\w-]{43}$/);
  return token!;
}

/**
 * The real sign-in through the API: password, then the code from the mail. Returns the session
 * token (usable as a bearer token), or the failing answer of the step that refused.
 */
export async function signInThroughApi(baseUrl: string, mailbox: Mailbox, email: string, password: string) {
  const headers = fromNewAddress();
  const login = await post<{ otpToken: string }>(baseUrl, '/api/admin/login', { email, password }, headers);
  if (login.status !== 200) return { token: null, refused: login };
  const otp = codeFrom(await mailbox.nextMail(email));
  const verified = await post<{ token: string }>(
    baseUrl,
    '/api/admin/verifyotp',
    { otpToken: login.body.ResponseBody!.otpToken, otp },
    { ...headers, 'x-session-delivery': 'bearer' },
  );
  if (verified.status !== 200) return { token: null, refused: verified };
  return { token: verified.body.ResponseBody!.token, refused: null };
}
