import { apiRoute } from '../../../../shared/routes/declare';
import { UserPickerInput } from '../../../../shared/users/user-input';
import { endpoint, ok, readQuery } from '../../../../server/http/envelope';
import { pickUsers } from '../../../../server/users/list';

export const route = apiRoute({
  path: '/api/admin/admin/get-users',
  methods: ['GET'],
  access: ['users.view', 'notifications.send', 'games.view'],
  input: UserPickerInput,
});

/**
 * The recipient picker and the header's quick search: at most 20 `{id, name, email}`; `{id, name}`
 * for an admin without `users.view` (the composer and the game history filter need no more).
 */
export const GET = endpoint(async (context) => {
  const { search } = readQuery(context, route.input);
  const emails = context.locals.admin?.permissions.includes('users.view') ?? false;
  return ok(context, 'api.ok', { ResponseData: { list: await pickUsers(search, { emails }) } });
});
