import { VerifyOtpInput } from '../../../features/auth/auth-input';
import { verifySignInCode } from '../../../server/auth/login-service';
import { requestMeta } from '../../../server/auth/request-meta';
import { setSessionCookie } from '../../../server/auth/session-cookie';
import { sessionDelivery } from '../../../server/auth/token-delivery';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { setLanguageCookie } from '../../../server/profile/language-cookie';
import { savedLanguage } from '../../../server/profile/service';

export const POST = endpoint(async (context) => {
  const { otpToken, otp } = await readJson(context, VerifyOtpInput);
  // Decided before the code is compared: a refused request spends no try.
  const delivery = sessionDelivery(context.request);
  const { token, adminData } = await verifySignInCode(otpToken, otp, requestMeta(context));
  if (delivery === 'bearer') return ok(context, 'auth.login.welcome', { ResponseBody: { token, adminData } });
  // The token travels only in the HttpOnly cookie: page scripts never see it.
  setSessionCookie(context.cookies, token);
  setLanguageCookie(context.cookies, await savedLanguage(adminData.id));
  return ok(context, 'auth.login.welcome', { ResponseBody: { adminData } });
});
