import { apiRoute } from '../../../shared/routes/declare';
import { ChangeStatusInput } from '../../../shared/users/user-input';
import { actorOf, assertSameOriginGet } from '../../../server/http/admin-request';
import { endpoint, ok, readJson, readQuery } from '../../../server/http/envelope';
import { changeUserStatus } from '../../../server/users/service';

export const route = apiRoute({
  path: '/api/admin/changestatus',
  methods: ['GET', 'POST'],
  access: 'users.block',
  working: true,
  input: ChangeStatusInput,
});

/** JSON POST for islands and API clients. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'users.api.statusChanged', { ResponseBody: await changeUserStatus(input, actor) });
});

/** The legacy contract's GET (`?id=&status=`): it changes state, so a cookie alone is not enough. */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  assertSameOriginGet(context);
  const input = readQuery(context, route.input);
  return ok(context, 'users.api.statusChanged', { ResponseBody: await changeUserStatus(input, actor) });
});
