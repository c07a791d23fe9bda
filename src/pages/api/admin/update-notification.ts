import { UpdateNotificationInput } from '../../../features/notifications/notification-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { updateNotification } from '../../../server/notifications/manage';

/** The text of any notification that was not cancelled; its time only while still scheduled. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, UpdateNotificationInput);
  return ok(context, 'notifications.api.updated', { ResponseData: await updateNotification(input, actor) });
});
