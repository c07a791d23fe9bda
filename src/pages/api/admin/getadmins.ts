import { apiRoute } from '../../../shared/routes/declare';
import { AdminListInput } from '../../../shared/admins/admin-input';
import { listAdmins } from '../../../server/admins/list';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getadmins',
  methods: ['GET'],
  access: 'admins.view',
  input: AdminListInput,
});

/** The administrators, paged and searchable (name, email). */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseData: await listAdmins(input, actor.adminId) });
});
