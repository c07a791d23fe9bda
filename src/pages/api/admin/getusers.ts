import { UserListInput } from '../../../features/users/user-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listUsers } from '../../../server/users/list';

export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listUsers(readQuery(context, UserListInput)) }),
);
