import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { reauthOptions } from '../../../server/mfa/reauth';
import { EmptyInput } from '../../../shared/mfa/mfa-input';

export const route = apiRoute({
  path: '/api/admin/reauthoptions',
  methods: ['POST'],
  access: 'signed-in',
  // Setting a required factor up is what an admin locked out for want of one may still do.
  also: ['mfa-setup'],
  input: EmptyInput,
});

/** Passkey request options for `reauth`: the admin's own passkeys. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await readJson(context, route.input);
  return ok(context, 'mfa.api.options', { ResponseBody: await reauthOptions(actor.adminId) });
});
