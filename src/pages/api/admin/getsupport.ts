import { apiRoute } from '../../../shared/routes/declare';
import { SupportListInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listSupport } from '../../../server/support/list';

export const route = apiRoute({
  path: '/api/admin/getsupport',
  methods: ['GET'],
  access: 'support.view',
  input: SupportListInput,
});

/**
 * A page of help-center queries (`page, record, search, status?, assignee? (mine | none)`), under
 * `ResponseBody` where the seed's call table reads it (DESIGN.md §5).
 */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  return ok(context, 'api.ok', {
    ResponseBody: await listSupport(readQuery(context, route.input), actor.adminId),
  });
});
