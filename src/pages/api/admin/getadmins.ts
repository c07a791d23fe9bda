import { AdminListInput } from '../../../shared/admins/admin-input';
import { listAdmins } from '../../../server/admins/list';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

/** The administrators, paged and searchable (name, email). */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = readQuery(context, AdminListInput);
  return ok(context, 'api.ok', { ResponseData: await listAdmins(input, actor.adminId) });
});
