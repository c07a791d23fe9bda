import { apiRoute } from '../../../shared/routes/declare';
import { PrivacyUserInput } from '../../../shared/privacy/privacy-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { cancelErasure } from '../../../server/privacy/erasure';

export const route = apiRoute({
  path: '/api/admin/cancelerasure',
  methods: ['POST'],
  access: 'users.privacy',
  input: PrivacyUserInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  return ok(context, 'privacy.api.cancelled', { ResponseBody: await cancelErasure(id, actor) });
});
