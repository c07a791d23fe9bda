import { apiRoute } from '../../../shared/routes/declare';
import { SupportIdInput } from '../../../shared/support/support-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { supportThread } from '../../../server/support/thread';

export const route = apiRoute({
  path: '/api/admin/getsupportquery',
  methods: ['GET'],
  access: 'support.view',
  input: SupportIdInput,
});

/** One query's thread (`?id=`): the query, every message in order (notes included), the assignable admins. */
export const GET = endpoint(async (context) => {
  actorOf(context);
  const { id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: await supportThread(id) });
});
