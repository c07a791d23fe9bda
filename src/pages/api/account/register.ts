import { apiRoute } from '../../../shared/routes/declare';
import { AccountRegisterInput } from '../../../server/account-api/account-input';
import { assertRegistrationOpen, register } from '../../../server/account-api/service';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/account/register',
  methods: ['POST'],
  access: 'own-auth',
  input: AccountRegisterInput,
});

export const POST = endpoint(async (context) => {
  // Closed registration says so before looking at the body.
  assertRegistrationOpen();
  const input = await readJson(context, route.input);
  return ok(context, 'accountApi.registered', { ResponseBody: await register(input, requestMeta(context)) });
});
