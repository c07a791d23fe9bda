import { apiRoute } from '../../../shared/routes/declare';
import { WebhookIdInput } from '../../../shared/webhooks/webhook-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { deleteWebhook } from '../../../server/webhooks/service';

export const route = apiRoute({
  path: '/api/admin/deletewebhook',
  methods: ['POST'],
  access: 'apikeys.manage',
  input: WebhookIdInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  return ok(context, 'webhooks.api.deleted', { ResponseBody: await deleteWebhook(id, actor) });
});
