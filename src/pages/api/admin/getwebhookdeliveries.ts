import { WebhookIdInput } from '../../../shared/webhooks/webhook-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listAttempts } from '../../../server/webhooks/service';

export const GET = endpoint(async (context) => {
  actorOf(context);
  const { id } = readQuery(context, WebhookIdInput);
  return ok(context, 'api.ok', { ResponseBody: await listAttempts(id) });
});
