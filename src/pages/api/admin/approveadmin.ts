import { apiRoute } from '../../../shared/routes/declare';
import { ApproveAdminInput } from '../../../shared/admins/approval-input';
import { approveAdmin } from '../../../server/admins/approval';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/approveadmin',
  methods: ['POST'],
  access: 'admins.manage',
  input: ApproveAdminInput,
});

/** An Owner approves a registered administrator with a role (see approveAdmin for the rules). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const admin = await approveAdmin(await readJson(context, route.input), actor);
  const name = `${admin.first_name} ${admin.last_name}`.trim();
  return ok(context, 'admins.api.approved', { ResponseBody: admin }, { name });
});
