import { apiRoute } from '../../../shared/routes/declare';
import { InviteAdminInput } from '../../../shared/admins/admin-input';
import { inviteAdmin } from '../../../server/admins/invite';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/inviteadmin',
  methods: ['POST'],
  access: 'admins.manage',
  input: InviteAdminInput,
});

/** Invites an administrator (or mails a still-invited one a fresh link); the mail is in this page's language. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  const admin = await inviteAdmin(input, actor, context.locals.locale);
  return ok(context, 'admins.api.invited', { ResponseBody: admin }, { email: admin.email });
});
