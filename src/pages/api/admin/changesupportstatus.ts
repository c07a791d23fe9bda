import { apiRoute } from '../../../shared/routes/declare';
import { SupportStatusInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { changeSupportStatus } from '../../../server/support/manage';

export const route = apiRoute({
  path: '/api/admin/changesupportstatus',
  methods: ['POST'],
  access: 'support.reply',
  input: SupportStatusInput,
});

/** `{id, status}` (open, in_progress, resolved); from resolved back to open is a reopen. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'support.api.statusChanged', {
    ResponseBody: await changeSupportStatus(input, actor),
  });
});
