import { appEndpoint } from '../../../../server/http/app-request';
import { ok, readJson } from '../../../../server/http/envelope';
import { AppReadInput } from '../../../../server/notifications/app-input';
import { markRead } from '../../../../server/notifications/inbox';

/** `{user_id, ids}` or `{user_id, all: true}`: marks unread ones read; answers how many it marked. */
export const POST = appEndpoint('notifications.read', async (context) => {
  const result = await markRead(await readJson(context, AppReadInput));
  return ok(context, 'appApi.notifications.marked', { ResponseBody: result }, { count: result.marked });
});
