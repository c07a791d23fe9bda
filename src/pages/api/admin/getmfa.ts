import { db } from '../../../server/db/client';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { mfaStatus } from '../../../server/mfa/factors';

/** The admin's own second factors, and what their role asks (`required`, `grace_until`). */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  const mfa = context.locals.admin?.mfa;
  const requirement = { required: mfa?.required ?? false, graceUntil: mfa?.graceUntil ?? null };
  return ok(context, 'mfa.api.read', {
    ResponseBody: await mfaStatus(await db(), actor.adminId, requirement),
  });
});
