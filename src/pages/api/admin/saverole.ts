import { apiRoute } from '../../../shared/routes/declare';
import { SaveRoleInput } from '../../../shared/roles/role-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { saveRole } from '../../../server/roles/save';

export const route = apiRoute({
  path: '/api/admin/saverole',
  methods: ['POST'],
  access: 'roles.manage',
  input: SaveRoleInput,
});

/** Makes a custom role (no `key`) or changes one; built-in roles are fixed. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  // Changing what a role may do needs a fresh confirmation (server/mfa/reauth.ts).
  assertFreshConfirmation(context);
  const role = await saveRole(input, actor);
  return ok(context, 'roles.api.saved', { ResponseBody: role }, { name: role.name });
});
