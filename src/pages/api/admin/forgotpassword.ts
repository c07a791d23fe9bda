import { ForgotPasswordInput } from '../../../features/auth/auth-input';
import { requestPasswordReset } from '../../../server/auth/recovery-service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { email } = await readJson(context, ForgotPasswordInput);
  return ok(context, 'auth.reset.requested', {
    ResponseBody: await requestPasswordReset(email, requestMeta(context)),
  });
});
