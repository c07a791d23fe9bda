import { apiRoute } from '../../../shared/routes/declare';
import { ChangePasswordInput } from '../../../shared/account/password-input';
import { changePassword } from '../../../server/account/change-password';
import { currentSession } from '../../../server/account/current-session';
import { requestMeta } from '../../../server/auth/request-meta';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/changepassword',
  methods: ['POST'],
  access: 'signed-in',
  also: ['first-password', 'mfa-setup'],
  input: ChangePasswordInput,
});

/** Other sessions end; this one (cookie or bearer token) stays signed in. */
export const POST = endpoint(async (context) => {
  const { actor, token } = currentSession(context);
  const input = await readJson(context, route.input);
  const result = await changePassword(actor.adminId, token, input, requestMeta(context));
  return ok(context, 'changePassword.done', { ResponseBody: result });
});
