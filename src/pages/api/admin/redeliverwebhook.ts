import { apiRoute } from '../../../shared/routes/declare';
import { WebhookRedeliverInput } from '../../../shared/webhooks/webhook-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { redeliver } from '../../../server/webhooks/service';

export const route = apiRoute({
  path: '/api/admin/redeliverwebhook',
  methods: ['POST'],
  access: 'apikeys.manage',
  input: WebhookRedeliverInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { delivery_id } = await readJson(context, route.input);
  return ok(context, 'webhooks.api.redelivered', { ResponseBody: await redeliver(delivery_id, actor) });
});
