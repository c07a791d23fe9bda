import { SupportListInput } from '../../../features/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listSupport } from '../../../server/support/list';

/** A page of help-center queries: `page, record, search, status?, assignee? (mine | none)`. */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  return ok(context, 'api.ok', {
    ResponseData: await listSupport(readQuery(context, SupportListInput), actor.adminId),
  });
});
