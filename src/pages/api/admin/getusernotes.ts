import { apiRoute } from '../../../shared/routes/declare';
import { UserRecordInput } from '../../../shared/users/ban-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listNotes } from '../../../server/users/notes';

export const route = apiRoute({
  path: '/api/admin/getusernotes',
  methods: ['GET'],
  access: 'users.view',
  input: UserRecordInput,
});

/** A player's notes, newest first. */
export const GET = endpoint(async (context) => {
  const { user_id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: { list: await listNotes(user_id) } });
});
