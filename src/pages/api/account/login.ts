import { apiRoute } from '../../../shared/routes/declare';
import { AccountLoginInput } from '../../../server/account-api/account-input';
import { accountLogin, assertAccountApiOn } from '../../../server/account-api/service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, okAtTopLevel, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/account/login',
  methods: ['POST'],
  access: 'own-auth',
  input: AccountLoginInput,
});

/** `serviceToken` and `user` at the top level, where the seed's client reads them (DESIGN.md §5). */
export const POST = endpoint(async (context) => {
  // Off (403) unless ACCOUNT_API=true, said before the body is read.
  assertAccountApiOn();
  const { email, password } = await readJson(context, route.input);
  return okAtTopLevel(context, 'api.ok', await accountLogin(email, password, requestMeta(context)));
});
