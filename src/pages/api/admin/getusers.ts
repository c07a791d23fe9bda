import { UserListInput } from '../../../shared/users/user-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listUsers } from '../../../server/users/list';

/** A page of users under `ResponseBody`, where the seed's call table reads it (DESIGN.md §5). */
export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseBody: await listUsers(readQuery(context, UserListInput)) }),
);
