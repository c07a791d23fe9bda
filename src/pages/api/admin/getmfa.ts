import { apiRoute } from '../../../shared/routes/declare';
import { db } from '../../../server/db/client';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { mfaStatus } from '../../../server/mfa/factors';

export const route = apiRoute({
  path: '/api/admin/getmfa',
  methods: ['GET'],
  access: 'signed-in',
  // Setting a required factor up is what an admin locked out for want of one may still do.
  also: ['mfa-setup'],
});

/** The admin's own second factors, and what their role asks (`required`, `grace_until`). */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  const mfa = context.locals.admin?.mfa;
  const requirement = { required: mfa?.required ?? false, graceUntil: mfa?.graceUntil ?? null };
  return ok(context, 'mfa.api.read', {
    ResponseBody: await mfaStatus(await db(), actor.adminId, requirement),
  });
});
