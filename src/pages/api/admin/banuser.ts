import { apiRoute } from '../../../shared/routes/declare';
import { BanInput } from '../../../shared/users/ban-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { banUser } from '../../../server/users/bans';
import { standingOf } from '../../../server/users/standing';

export const route = apiRoute({
  path: '/api/admin/banuser',
  methods: ['POST'],
  access: 'users.block',
  input: BanInput,
});

/** Bans a player with a reason, until a time or for good; answers their standing. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  await banUser(input, actor);
  return ok(context, 'users.ban.done', { ResponseBody: await standingOf(input.id) });
});
