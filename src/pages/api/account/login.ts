import { AccountLoginInput } from '../../../server/account-api/account-input';
import { accountLogin, assertAccountApiOn } from '../../../server/account-api/service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, okAtTopLevel, readJson } from '../../../server/http/envelope';

/** `serviceToken` and `user` at the top level, where the seed's client reads them (DESIGN.md §5). */
export const POST = endpoint(async (context) => {
  // Off (403) unless ACCOUNT_API=true, said before the body is read.
  assertAccountApiOn();
  const { email, password } = await readJson(context, AccountLoginInput);
  return okAtTopLevel(context, 'api.ok', await accountLogin(email, password, requestMeta(context)));
});
