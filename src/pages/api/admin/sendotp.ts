import { apiRoute } from '../../../shared/routes/declare';
import { SendOtpInput } from '../../../shared/auth/auth-input';
import { readPendingSignIn } from '../../../server/auth/pending-cookies';
import { resendStep } from '../../../server/auth/sign-in-steps';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/sendotp',
  methods: ['POST'],
  access: 'public',
  input: SendOtpInput,
});

export const POST = endpoint(async (context) => {
  const { otpToken } = await readJson(context, route.input, {
    otpToken: readPendingSignIn(context.cookies),
  });
  return ok(context, 'auth.otp.resent', { ResponseBody: await resendStep(context, otpToken) });
});
