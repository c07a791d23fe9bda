import { UserRecordInput } from '../../../shared/users/ban-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listBans } from '../../../server/users/standing';

/** Every ban a player has had, newest first. */
export const GET = endpoint(async (context) => {
  const { user_id } = readQuery(context, UserRecordInput);
  return ok(context, 'api.ok', { ResponseBody: { list: await listBans(user_id) } });
});
