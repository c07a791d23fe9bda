import { apiRoute } from '../../../../shared/routes/declare';
import { appEndpoint } from '../../../../server/http/app-request';
import { ok, readJson } from '../../../../server/http/envelope';
import { AppReadInput } from '../../../../server/notifications/app-input';
import { markRead } from '../../../../server/notifications/inbox';

export const route = apiRoute({
  path: '/api/app/notifications/read',
  methods: ['POST'],
  access: { scope: 'notifications.read' },
  input: AppReadInput,
});

/** `{user_id, ids}` or `{user_id, all: true}`: marks unread ones read; answers how many it marked. */
export const POST = appEndpoint(route, async (context) => {
  const result = await markRead(await readJson(context, route.input));
  return ok(context, 'appApi.notifications.marked', { ResponseBody: result }, { count: result.marked });
});
