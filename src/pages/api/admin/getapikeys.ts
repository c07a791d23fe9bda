import { apiRoute } from '../../../shared/routes/declare';
import { ApiKeyListInput } from '../../../shared/api-keys/api-key-input';
import { listApiKeys } from '../../../server/api-keys/service';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getapikeys',
  methods: ['GET'],
  access: 'apikeys.view',
  input: ApiKeyListInput,
});

export const GET = endpoint(async (context) => {
  actorOf(context);
  return ok(context, 'api.ok', { ResponseData: await listApiKeys(readQuery(context, route.input)) });
});
