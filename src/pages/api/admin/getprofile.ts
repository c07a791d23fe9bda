import { apiRoute } from '../../../shared/routes/declare';
import { endpoint, ok } from '../../../server/http/envelope';
import { actorOf } from '../../../server/http/admin-request';
import { toProfileData } from '../../../server/profile/service';

export const route = apiRoute({
  path: '/api/admin/getprofile',
  methods: ['GET'],
  access: 'signed-in',
  also: ['first-password', 'pending', 'mfa-setup'],
});

export const GET = endpoint(async (context) => {
  actorOf(context);
  const admin = context.locals.admin!;
  return ok(context, 'api.ok', { ResponseBody: toProfileData(admin, admin.permissions) });
});
