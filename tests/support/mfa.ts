import * as OTPAuth from 'otpauth';
import { post, fromNewAddress } from './api';
import { codeFrom, type Mailbox } from './mailbox';
import type { SoftPasskey } from './soft-passkey';

/** What the second-factor tests and the benchmark share: sign-ins and codes computed by otpauth. */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const asApiClient = { 'x-session-delivery': 'bearer' };

/** The app's code for `secret` (base32) at `offsetSteps` 30-second steps from now. */
export function appCode(secret: string, offsetSteps = 0): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

export interface PasswordStep {
  otpToken: string;
  methods: string[];
  headers: Record<string, string>;
}

export async function passwordStep(url: string, email: string, password: string): Promise<PasswordStep> {
  const headers = fromNewAddress();
  const answer = await post<{ otpToken: string; methods: string[] }>(
    url,
    '/api/admin/login',
    { email, password },
    headers,
  );
  if (answer.status !== 200) throw new Error(`login ${answer.status}: ${answer.body.ResponseMessage}`);
  return { ...answer.body.ResponseBody!, headers };
}

/** A bearer session through the mailed code (an admin with no factor yet). */
export async function signInByMail(url: string, mailbox: Mailbox, email: string, password: string) {
  const step = await passwordStep(url, email, password);
  const otp = codeFrom(await mailbox.nextMail(email));
  const answer = await post<{ token: string }>(
    url,
    '/api/admin/verifyotp',
    { otpToken: step.otpToken, otp },
    {
      ...step.headers,
      ...asApiClient,
    },
  );
  if (answer.status !== 200) throw new Error(`verifyotp ${answer.status}`);
  return answer.body.ResponseBody!.token;
}

/** Sets an app up for the admin behind `token`: its secret and the recovery codes. */
export async function setUpApp(url: string, token: string) {
  const setup = await post<{ secret: string; uri: string; qr_svg: string }>(
    url,
    '/api/admin/totpsetup',
    {},
    bearer(token),
  );
  if (setup.status !== 200) throw new Error(`totpsetup ${setup.status}: ${setup.body.ResponseMessage}`);
  const { secret } = setup.body.ResponseBody!;
  const confirm = await post<{ recovery_codes?: string[] }>(
    url,
    '/api/admin/totpconfirm',
    { code: appCode(secret) },
    bearer(token),
  );
  if (confirm.status !== 200) throw new Error(`totpconfirm ${confirm.status}`);
  return { ...setup.body.ResponseBody!, recoveryCodes: confirm.body.ResponseBody!.recovery_codes ?? [] };
}

/** Adds the software passkey for the admin behind `token`. */
export async function addPasskey(url: string, token: string, passkey: SoftPasskey, name = 'Laptop') {
  const options = await post<{ challenge: string; user: { id: string } }>(
    url,
    '/api/admin/passkeyoptions',
    {},
    bearer(token),
  );
  if (options.status !== 200) throw new Error(`passkeyoptions ${options.status}`);
  const response = passkey.register(options.body.ResponseBody!);
  return post<{ id: number; name: string; recovery_codes?: string[] }>(
    url,
    '/api/admin/passkeyregister',
    { name, response },
    bearer(token),
  );
}
