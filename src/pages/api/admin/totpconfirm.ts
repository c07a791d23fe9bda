import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { confirmTotp } from '../../../server/mfa/manage';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { TotpConfirmInput } from '../../../shared/mfa/mfa-input';

export const route = apiRoute({
  path: '/api/admin/totpconfirm',
  methods: ['POST'],
  access: 'signed-in',
  // Setting a required factor up is what an admin locked out for want of one may still do.
  also: ['mfa-setup'],
  input: TotpConfirmInput,
});

/** The app's first code sets it up; the first factor brings ten recovery codes. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { code } = await readJson(context, route.input);
  assertFreshConfirmation(context);
  return ok(context, 'mfa.api.totpAdded', { ResponseBody: await confirmTotp(code, actor) });
});
