import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { newRecoveryCodes } from '../../../server/mfa/manage';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { EmptyInput } from '../../../shared/mfa/mfa-input';

export const route = apiRoute({
  path: '/api/admin/newrecoverycodes',
  methods: ['POST'],
  access: 'signed-in',
  input: EmptyInput,
});

/** Ten new recovery codes; the old ones stop working. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  await readJson(context, route.input);
  assertFreshConfirmation(context);
  return ok(context, 'mfa.api.recoveryRenewed', { ResponseBody: await newRecoveryCodes(actor) });
});
