import { apiRoute } from '../../../shared/routes/declare';
import { ChangeAdminStatusInput } from '../../../shared/admins/admin-input';
import { changeAdminStatus } from '../../../server/admins/status';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';

export const route = apiRoute({
  path: '/api/admin/changeadminstatus',
  methods: ['POST'],
  access: 'admins.manage',
  input: ChangeAdminStatusInput,
});

/** Disables or re-enables an administrator (see changeAdminStatus for the rules). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  // Disabling an admin needs a fresh confirmation (server/mfa/reauth.ts); enabling does not.
  if (input.status === 'disabled') assertFreshConfirmation(context);
  const admin = await changeAdminStatus(input, actor);
  const name = `${admin.first_name} ${admin.last_name}`.trim();
  const message = admin.status === 'disabled' ? 'admins.api.disabled' : 'admins.api.enabled';
  return ok(context, message, { ResponseBody: admin }, { name });
});
