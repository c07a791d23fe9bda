import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { reauthOptions } from '../../../server/mfa/reauth';
import { EmptyInput } from '../../../shared/mfa/mfa-input';

/** Passkey request options for `reauth`: the admin's own passkeys. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await readJson(context, EmptyInput);
  return ok(context, 'mfa.api.options', { ResponseBody: await reauthOptions(actor.adminId) });
});
