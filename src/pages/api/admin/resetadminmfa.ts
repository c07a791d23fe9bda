import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { assertFreshConfirmation } from '../../../server/mfa/reauth';
import { resetAdminFactors } from '../../../server/mfa/reset';
import { ResetAdminMfaInput } from '../../../shared/mfa/mfa-input';

export const route = apiRoute({
  path: '/api/admin/resetadminmfa',
  methods: ['POST'],
  access: 'admins.manage',
  input: ResetAdminMfaInput,
});

/** Owners: removes another admin's second factors and recovery codes (mailed, audited). */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  assertFreshConfirmation(context);
  await resetAdminFactors(id, actor);
  return ok(context, 'mfa.api.reset');
});
