import { LoginInput } from '../../../features/auth/auth-input';
import { login } from '../../../server/auth/login-service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { email, password } = await readJson(context, LoginInput);
  return ok(context, 'auth.login.codeSent', {
    ResponseBody: await login(email, password, requestMeta(context)),
  });
});
