import { apiRoute } from '../../../shared/routes/declare';
import { VerifyOtpInput } from '../../../shared/auth/auth-input';
import { readPendingSignIn } from '../../../server/auth/pending-cookies';
import { codeStep, openBrowserSession } from '../../../server/auth/sign-in-steps';
import { sessionDelivery } from '../../../server/auth/token-delivery';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/verifyotp',
  methods: ['POST'],
  access: 'public',
  input: VerifyOtpInput,
});

export const POST = endpoint(async (context) => {
  const { otpToken, otp, method } = await readJson(context, route.input, {
    otpToken: readPendingSignIn(context.cookies),
  });
  // Decided before the code is compared: a refused request spends no try.
  const delivery = sessionDelivery(context.request);
  const { token, adminData } = await codeStep(context, otpToken, otp, method);
  if (delivery === 'bearer') return ok(context, 'auth.login.welcome', { ResponseBody: { token, adminData } });
  // The token travels only in the HttpOnly cookie: page scripts never see it.
  await openBrowserSession(context.cookies, token, adminData.id);
  return ok(context, 'auth.login.welcome', { ResponseBody: { adminData } });
});
