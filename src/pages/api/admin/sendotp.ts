import { SendOtpInput } from '../../../shared/auth/auth-input';
import { readPendingSignIn } from '../../../server/auth/pending-cookies';
import { resendStep } from '../../../server/auth/sign-in-steps';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { otpToken } = await readJson(context, SendOtpInput, {
    otpToken: readPendingSignIn(context.cookies),
  });
  return ok(context, 'auth.otp.resent', { ResponseBody: await resendStep(context, otpToken) });
});
