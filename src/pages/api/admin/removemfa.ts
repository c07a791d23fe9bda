import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { removeFactor } from '../../../server/mfa/manage';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { RemoveMfaInput } from '../../../shared/mfa/mfa-input';

export const route = apiRoute({
  path: '/api/admin/removemfa',
  methods: ['POST'],
  access: 'signed-in',
  input: RemoveMfaInput,
});

/** Removes the app, or one passkey (`id`). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  assertFreshConfirmation(context);
  await removeFactor(input, actor);
  return ok(context, 'mfa.api.removed');
});
