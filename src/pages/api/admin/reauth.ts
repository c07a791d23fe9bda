import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { requestMeta } from '../../../server/auth/request-meta';
import { reauth } from '../../../server/mfa/reauth';
import { ReauthInput } from '../../../shared/mfa/mfa-input';

/** Confirms it is the admin (a factor, or the password while they have none): a new REAUTH_WINDOW. */
export const POST = endpoint(async (context) => {
  actorOf(context);
  const input = await readJson(context, ReauthInput);
  return ok(context, 'mfa.api.confirmed', {
    ResponseBody: await reauth(context, input, requestMeta(context)),
  });
});
