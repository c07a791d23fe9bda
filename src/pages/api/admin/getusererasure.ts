import { apiRoute } from '../../../shared/routes/declare';
import { PrivacyUserInput } from '../../../shared/privacy/privacy-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { erasureState } from '../../../server/privacy/erasure';

export const route = apiRoute({
  path: '/api/admin/getusererasure',
  methods: ['GET'],
  access: 'users.privacy',
  input: PrivacyUserInput,
});

/** Where a player's erasure stands: what the privacy panel shows first. */
export const GET = endpoint(async (context) => {
  actorOf(context);
  const { id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: await erasureState(id) });
});
