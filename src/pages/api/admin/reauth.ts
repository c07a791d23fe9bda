import { apiRoute } from '../../../shared/routes/declare';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { requestMeta } from '../../../server/auth/request-meta';
import { reauth } from '../../../server/mfa/reauth';
import { ReauthInput } from '../../../shared/mfa/mfa-input';

export const route = apiRoute({
  path: '/api/admin/reauth',
  methods: ['POST'],
  access: 'signed-in',
  // Setting a required factor up is what an admin locked out for want of one may still do.
  also: ['mfa-setup'],
  input: ReauthInput,
});

/** Confirms it is the admin (a factor, or the password while they have none): a new REAUTH_WINDOW. */
export const POST = endpoint(async (context) => {
  actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'mfa.api.confirmed', {
    ResponseBody: await reauth(context, input, requestMeta(context)),
  });
});
