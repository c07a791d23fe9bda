import { UserIdInput } from '../../../shared/users/user-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { getUser } from '../../../server/users/service';

/** One user with their play counts, for the detail panel. */
export const GET = endpoint(async (context) => {
  const { id } = readQuery(context, UserIdInput);
  return ok(context, 'api.ok', { ResponseBody: await getUser(id) });
});
