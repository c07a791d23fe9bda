import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { listRoles } from '../../../server/roles/list';

export const route = apiRoute({
  path: '/api/admin/getroles',
  methods: ['GET'],
  access: 'admins.view',
});

/** Every role with its permissions (prerequisites included) and how many admins hold it. */
export const GET = endpoint(async (context) => {
  actorOf(context);
  return ok(context, 'api.ok', { ResponseBody: await listRoles() });
});
