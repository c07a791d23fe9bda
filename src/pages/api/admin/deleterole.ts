import { DeleteRoleInput } from '../../../shared/roles/role-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { deleteRole } from '../../../server/roles/save';

/** Deletes a custom role nobody holds. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await deleteRole(await readJson(context, DeleteRoleInput), actor);
  return ok(context, 'roles.api.deleted');
});
