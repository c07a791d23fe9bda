import { apiRoute } from '../../../shared/routes/declare';
import { ApiKeyCreateInput } from '../../../shared/api-keys/api-key-input';
import { createApiKey } from '../../../server/api-keys/service';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';

export const route = apiRoute({
  path: '/api/admin/addapikey',
  methods: ['POST'],
  access: 'apikeys.manage',
  input: ApiKeyCreateInput,
});

/** The answer carries the key itself: the only time it is ever shown. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { name, scopes } = await readJson(context, route.input);
  // A new key reaches player data: a fresh confirmation first (server/mfa/reauth.ts).
  assertFreshConfirmation(context);
  return ok(context, 'apiKeys.api.created', { ResponseBody: await createApiKey(name, actor, scopes) });
});
