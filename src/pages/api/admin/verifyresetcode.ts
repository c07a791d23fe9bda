import { apiRoute } from '../../../shared/routes/declare';
import { VerifyResetCodeInput } from '../../../shared/auth/auth-input';
import { readPendingReset } from '../../../server/auth/pending-cookies';
import { resetCodeStep } from '../../../server/auth/sign-in-steps';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/verifyresetcode',
  methods: ['POST'],
  access: 'public',
  input: VerifyResetCodeInput,
});

// resetToken stays in the answer for API clients; browsers carry it in the reset-token cookie.
export const POST = endpoint(async (context) => {
  const { email, otp } = await readJson(context, route.input, {
    email: readPendingReset(context.cookies)?.email,
  });
  return ok(context, 'auth.reset.codeAccepted', { ResponseBody: await resetCodeStep(context, email, otp) });
});
