import { apiRoute } from '../../../shared/routes/declare';
import { NotificationIdInput } from '../../../shared/notifications/notification-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { asBroadcaster } from '../../../server/notifications/broadcast';
import { deleteNotification } from '../../../server/notifications/manage';

export const route = apiRoute({
  path: '/api/admin/delete-notification',
  methods: ['POST'],
  access: 'notifications.send',
  input: NotificationIdInput,
});

/**
 * Deletes a notification with its recipient rows (so it leaves every inbox); a broadcast only
 * with `notifications.broadcast`.
 */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  return ok(context, 'notifications.api.deleted', {
    ResponseData: await asBroadcaster(context, (may) => deleteNotification(id, actor, may)),
  });
});
