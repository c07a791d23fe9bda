import { WebhookIdInput } from '../../../shared/webhooks/webhook-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { deleteWebhook } from '../../../server/webhooks/service';

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, WebhookIdInput);
  return ok(context, 'webhooks.api.deleted', { ResponseBody: await deleteWebhook(id, actor) });
});
