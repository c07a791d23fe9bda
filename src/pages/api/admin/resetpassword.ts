import { apiRoute } from '../../../shared/routes/declare';
import { ResetPasswordInput } from '../../../shared/auth/auth-input';
import { readResetToken } from '../../../server/auth/pending-cookies';
import { newPasswordStep } from '../../../server/auth/sign-in-steps';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/resetpassword',
  methods: ['POST'],
  access: 'public',
  input: ResetPasswordInput,
});

export const POST = endpoint(async (context) => {
  const { resetToken, password } = await readJson(context, route.input, {
    resetToken: readResetToken(context.cookies),
  });
  await newPasswordStep(context, resetToken, password);
  return ok(context, 'auth.reset.done');
});
