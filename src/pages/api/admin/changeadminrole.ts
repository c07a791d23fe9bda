import { apiRoute } from '../../../shared/routes/declare';
import { ChangeAdminRoleInput } from '../../../shared/admins/admin-input';
import { changeAdminRole } from '../../../server/admins/role';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';

export const route = apiRoute({
  path: '/api/admin/changeadminrole',
  methods: ['POST'],
  access: 'admins.manage',
  input: ChangeAdminRoleInput,
});

/** Gives an administrator another role (see changeAdminRole for the rules); it applies on their next request. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  // Who holds a role needs a fresh confirmation (server/mfa/reauth.ts).
  assertFreshConfirmation(context);
  const admin = await changeAdminRole(input, actor);
  const name = `${admin.first_name} ${admin.last_name}`.trim();
  return ok(context, 'admins.api.roleChanged', { ResponseBody: admin }, { name });
});
