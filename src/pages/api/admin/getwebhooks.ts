import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { listWebhooks } from '../../../server/webhooks/service';

export const GET = endpoint(async (context) => {
  actorOf(context);
  return ok(context, 'api.ok', { ResponseBody: await listWebhooks() });
});
