import { apiRoute } from '../../../shared/routes/declare';
import { WebhookCreateInput } from '../../../shared/webhooks/webhook-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { addWebhook } from '../../../server/webhooks/service';

export const route = apiRoute({
  path: '/api/admin/addwebhook',
  methods: ['POST'],
  access: 'apikeys.manage',
  input: WebhookCreateInput,
});

/** The answer carries the signing secret: the only time it is ever shown. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'webhooks.api.added', { ResponseBody: await addWebhook(input, actor) });
});
