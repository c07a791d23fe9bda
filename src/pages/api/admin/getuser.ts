import { apiRoute } from '../../../shared/routes/declare';
import { UserIdInput } from '../../../shared/users/user-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { getUser } from '../../../server/users/service';

export const route = apiRoute({
  path: '/api/admin/getuser',
  methods: ['GET'],
  access: 'users.view',
  input: UserIdInput,
});

/** One user with their play counts, for the detail panel. */
export const GET = endpoint(async (context) => {
  const { id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: await getUser(id) });
});
