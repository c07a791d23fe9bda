import { apiRoute } from '../../../shared/routes/declare';
import { AcceptInviteInput } from '../../../shared/admins/admin-input';
import { acceptInvite } from '../../../server/admins/accept';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/acceptinvite',
  methods: ['POST'],
  access: 'public',
  input: AcceptInviteInput,
});

/** Public (the mailed link's page): sets the invited admin's password. No session is started. */
export const POST = endpoint(async (context) => {
  const input = await readJson(context, route.input);
  const result = await acceptInvite(input, { ip: context.locals.clientIp });
  return ok(context, 'invite.api.accepted', { ResponseBody: result });
});
