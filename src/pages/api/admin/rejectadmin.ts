import { apiRoute } from '../../../shared/routes/declare';
import { RejectAdminInput } from '../../../shared/admins/approval-input';
import { rejectAdmin } from '../../../server/admins/approval';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/rejectadmin',
  methods: ['POST'],
  access: 'admins.manage',
  input: RejectAdminInput,
});

/** An Owner rejects a registered administrator: their account is deleted (see rejectAdmin). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const rejected = await rejectAdmin(await readJson(context, route.input), actor);
  return ok(context, 'admins.api.rejected', { ResponseBody: rejected }, { name: rejected.name });
});
