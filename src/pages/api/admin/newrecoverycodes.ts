import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { newRecoveryCodes } from '../../../server/mfa/manage';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { EmptyInput } from '../../../shared/mfa/mfa-input';

/** Ten new recovery codes; the old ones stop working. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await readJson(context, EmptyInput);
  assertFreshConfirmation(context);
  return ok(context, 'mfa.api.recoveryRenewed', { ResponseBody: await newRecoveryCodes(actor) });
});
