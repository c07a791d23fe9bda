import { apiRoute } from '../../../shared/routes/declare';
import { ForgotPasswordInput } from '../../../shared/auth/auth-input';
import { readPendingReset } from '../../../server/auth/pending-cookies';
import { forgotStep } from '../../../server/auth/sign-in-steps';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/forgotpassword',
  methods: ['POST'],
  access: 'public',
  input: ForgotPasswordInput,
});

// Without an email, the address of the reset already pending in this browser (a resend).
export const POST = endpoint(async (context) => {
  const { email } = await readJson(context, route.input, {
    email: readPendingReset(context.cookies)?.email,
  });
  return ok(context, 'auth.reset.requested', { ResponseBody: await forgotStep(context, email) });
});
