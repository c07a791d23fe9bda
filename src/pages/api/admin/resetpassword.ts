import { ResetPasswordInput } from '../../../features/auth/auth-input';
import { resetPassword } from '../../../server/auth/recovery-service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { resetToken, password } = await readJson(context, ResetPasswordInput);
  await resetPassword(resetToken, password, requestMeta(context));
  return ok(context, 'auth.reset.done');
});
