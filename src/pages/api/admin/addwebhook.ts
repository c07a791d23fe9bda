import { WebhookCreateInput } from '../../../shared/webhooks/webhook-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { addWebhook } from '../../../server/webhooks/service';

/** The answer carries the signing secret: the only time it is ever shown. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, WebhookCreateInput);
  return ok(context, 'webhooks.api.added', { ResponseBody: await addWebhook(input, actor) });
});
