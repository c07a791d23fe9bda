import { apiRoute } from '../../../shared/routes/declare';
import { LoginInput } from '../../../shared/auth/auth-input';
import { passwordStep } from '../../../server/auth/sign-in-steps';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/login',
  methods: ['POST'],
  access: 'public',
  input: LoginInput,
});

// otpToken stays in the answer for API clients; browsers carry it in the pending sign-in cookie.
export const POST = endpoint(async (context) => {
  const { email, password } = await readJson(context, route.input);
  return ok(context, 'auth.login.codeSent', { ResponseBody: await passwordStep(context, email, password) });
});
