import { apiRoute } from '../../../shared/routes/declare';
import { SupportAssignInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { assignSupport } from '../../../server/support/manage';

export const route = apiRoute({
  path: '/api/admin/assignsupport',
  methods: ['POST'],
  access: 'support.assign',
  input: SupportAssignInput,
});

/** `{id, assignee_id}`: an active admin's id, or null; anyone else is 400 on `assignee_id`. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'support.api.assigned', { ResponseBody: await assignSupport(input, actor) });
});
