import { apiRoute } from '../../../shared/routes/declare';
import { ApiKeyIdInput } from '../../../shared/api-keys/api-key-input';
import { revokeApiKey } from '../../../server/api-keys/service';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/revokeapikey',
  methods: ['POST'],
  access: 'apikeys.manage',
  input: ApiKeyIdInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  return ok(context, 'apiKeys.api.revoked', { ResponseBody: await revokeApiKey(id, actor) });
});
