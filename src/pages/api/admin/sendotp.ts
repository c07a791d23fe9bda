import { SendOtpInput } from '../../../features/auth/auth-input';
import { resendSignInCode } from '../../../server/auth/login-service';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { otpToken } = await readJson(context, SendOtpInput);
  return ok(context, 'auth.otp.resent', { ResponseBody: await resendSignInCode(otpToken) });
});
