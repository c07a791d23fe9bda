import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { passkeyCreationOptions } from '../../../server/mfa/manage';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { EmptyInput } from '../../../shared/mfa/mfa-input';

/** `PublicKeyCredentialCreationOptionsJSON` for a new passkey. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await readJson(context, EmptyInput);
  assertFreshConfirmation(context);
  return ok(context, 'mfa.api.options', { ResponseBody: await passkeyCreationOptions(actor) });
});
