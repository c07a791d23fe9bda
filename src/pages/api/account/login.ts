import { AccountLoginInput } from '../../../features/auth/account-input';
import { accountLogin } from '../../../server/account/service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  const { email, password } = await readJson(context, AccountLoginInput);
  return ok(context, 'api.ok', { ResponseBody: await accountLogin(email, password, requestMeta(context)) });
});
