import { apiRoute } from '../../../shared/routes/declare';
import { UserListInput } from '../../../shared/users/user-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listUsers } from '../../../server/users/list';

export const route = apiRoute({
  path: '/api/admin/getusers',
  methods: ['GET'],
  access: 'users.view',
  input: UserListInput,
});

/** A page of users under `ResponseBody`, where the seed's call table reads it (DESIGN.md §5). */
export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseBody: await listUsers(readQuery(context, route.input)) }),
);
