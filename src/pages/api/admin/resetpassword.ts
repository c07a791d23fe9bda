import { ResetPasswordInput } from '../../../shared/auth/auth-input';
import { readResetToken } from '../../../server/auth/pending-cookies';
import { newPasswordStep } from '../../../server/auth/sign-in-steps';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { resetToken, password } = await readJson(context, ResetPasswordInput, {
    resetToken: readResetToken(context.cookies),
  });
  await newPasswordStep(context, resetToken, password);
  return ok(context, 'auth.reset.done');
});
