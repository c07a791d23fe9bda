import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { listWebhooks } from '../../../server/webhooks/service';

export const route = apiRoute({
  path: '/api/admin/getwebhooks',
  methods: ['GET'],
  access: 'apikeys.manage',
});

export const GET = endpoint(async (context) => {
  actorOf(context);
  return ok(context, 'api.ok', { ResponseBody: await listWebhooks() });
});
