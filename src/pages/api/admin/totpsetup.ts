import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { startTotpSetup } from '../../../server/mfa/manage';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { EmptyInput } from '../../../shared/mfa/mfa-input';

/** A new app secret waiting for its first code: `{secret, uri, qr_svg}`. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await readJson(context, EmptyInput);
  assertFreshConfirmation(context);
  return ok(context, 'mfa.api.totpStarted', { ResponseBody: await startTotpSetup(actor) });
});
