import { apiRoute } from '../../../shared/routes/declare';
import { WebhookIdInput } from '../../../shared/webhooks/webhook-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listAttempts } from '../../../server/webhooks/service';

export const route = apiRoute({
  path: '/api/admin/getwebhookdeliveries',
  methods: ['GET'],
  access: 'apikeys.manage',
  input: WebhookIdInput,
});

export const GET = endpoint(async (context) => {
  actorOf(context);
  const { id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: await listAttempts(id) });
});
