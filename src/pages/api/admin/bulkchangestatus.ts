import { apiRoute } from '../../../shared/routes/declare';
import { BulkStatusInput } from '../../../shared/users/user-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { bulkChangeStatus } from '../../../server/users/service';

export const route = apiRoute({
  path: '/api/admin/bulkchangestatus',
  methods: ['POST'],
  access: 'users.block',
  input: BulkStatusInput,
});

/** Blocks or unblocks the selected users, or every user matching a filter, in one statement. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  const result = await bulkChangeStatus(input, actor);
  return ok(context, 'users.api.bulkChanged', { ResponseData: result }, { count: result.updated });
});
