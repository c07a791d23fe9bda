import { UserRecordInput } from '../../../shared/users/ban-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listNotes } from '../../../server/users/notes';

/** A player's notes, newest first. */
export const GET = endpoint(async (context) => {
  const { user_id } = readQuery(context, UserRecordInput);
  return ok(context, 'api.ok', { ResponseBody: { list: await listNotes(user_id) } });
});
