import { AccountLoginInput } from '../../../features/auth/account-input';
import { accountLogin, assertAccountApiOn } from '../../../server/account/service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const POST = endpoint(async (context) => {
  // Off (403) unless ACCOUNT_API=true, said before the body is read.
  assertAccountApiOn();
  const { email, password } = await readJson(context, AccountLoginInput);
  return ok(context, 'api.ok', { ResponseBody: await accountLogin(email, password, requestMeta(context)) });
});
