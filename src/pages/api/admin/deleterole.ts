import { apiRoute } from '../../../shared/routes/declare';
import { DeleteRoleInput } from '../../../shared/roles/role-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { deleteRole } from '../../../server/roles/save';

export const route = apiRoute({
  path: '/api/admin/deleterole',
  methods: ['POST'],
  access: 'roles.manage',
  input: DeleteRoleInput,
});

/** Deletes a custom role nobody holds. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  // Changing what a role may do needs a fresh confirmation (server/mfa/reauth.ts).
  assertFreshConfirmation(context);
  await deleteRole(input, actor);
  return ok(context, 'roles.api.deleted');
});
