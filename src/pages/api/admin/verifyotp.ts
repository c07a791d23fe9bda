import { VerifyOtpInput } from '../../../features/auth/auth-input';
import { verifySignInCode } from '../../../server/auth/login-service';
import { requestMeta } from '../../../server/auth/request-meta';
import { setSessionCookie } from '../../../server/auth/session-cookie';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { otpToken, otp } = await readJson(context, VerifyOtpInput);
  const signedIn = await verifySignInCode(otpToken, otp, requestMeta(context));
  setSessionCookie(context.cookies, signedIn.token);
  return ok(context, 'auth.login.welcome', { ResponseBody: signedIn });
});
