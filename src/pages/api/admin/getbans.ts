import { apiRoute } from '../../../shared/routes/declare';
import { UserRecordInput } from '../../../shared/users/ban-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listBans } from '../../../server/users/standing';

export const route = apiRoute({
  path: '/api/admin/getbans',
  methods: ['GET'],
  access: 'users.view',
  input: UserRecordInput,
});

/** Every ban a player has had, newest first. */
export const GET = endpoint(async (context) => {
  const { user_id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: { list: await listBans(user_id) } });
});
