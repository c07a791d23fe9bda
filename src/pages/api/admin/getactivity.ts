import { apiRoute } from '../../../shared/routes/declare';
import { ActivityListInput } from '../../../shared/account/activity-input';
import { listActivity } from '../../../server/account/activity';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getactivity',
  methods: ['GET'],
  access: 'signed-in',
  input: ActivityListInput,
});

/** The signed-in admin's own audit entries, newest first (list query: page, record). */
export const GET = endpoint(async (context) => {
  const { adminId } = actorOf(context);
  return ok(context, 'api.ok', {
    ResponseData: await listActivity(adminId, readQuery(context, route.input)),
  });
});
