import { apiRoute } from '../../../shared/routes/declare';
import { LiftBanInput } from '../../../shared/users/ban-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { liftBan } from '../../../server/users/bans';
import { standingOf } from '../../../server/users/standing';

export const route = apiRoute({
  path: '/api/admin/liftban',
  methods: ['POST'],
  access: 'users.block',
  input: LiftBanInput,
});

/** Ends the ban in force; with none in force (a second click) it changes nothing and says so. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  const lifted = await liftBan(id, actor);
  return ok(context, lifted ? 'users.ban.lifted' : 'users.ban.noneInForce', {
    ResponseBody: await standingOf(id),
  });
});
