import { apiRoute } from '../../../shared/routes/declare';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { registerPasskey } from '../../../server/mfa/manage';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { PasskeyRegisterInput } from '../../../shared/mfa/mfa-input';

export const route = apiRoute({
  path: '/api/admin/passkeyregister',
  methods: ['POST'],
  access: 'signed-in',
  // Setting a required factor up is what an admin locked out for want of one may still do.
  also: ['mfa-setup'],
  input: PasskeyRegisterInput,
});

/** Stores a new passkey: `{id, name, recovery_codes?}` (codes with the first factor). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { name, response } = await readJson(context, route.input);
  assertFreshConfirmation(context);
  const passkey = await registerPasskey(name, response as unknown as RegistrationResponseJSON, actor);
  return ok(context, 'mfa.api.passkeyAdded', { ResponseBody: passkey }, { name });
});
