import { VerifyResetCodeInput } from '../../../features/auth/auth-input';
import { verifyResetCode } from '../../../server/auth/recovery-service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { email, otp } = await readJson(context, VerifyResetCodeInput);
  return ok(context, 'auth.reset.codeAccepted', {
    ResponseBody: await verifyResetCode(email, otp, requestMeta(context)),
  });
});
