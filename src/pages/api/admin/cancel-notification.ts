import { apiRoute } from '../../../shared/routes/declare';
import { NotificationIdInput } from '../../../shared/notifications/notification-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { asBroadcaster } from '../../../server/notifications/broadcast';
import { cancelNotification } from '../../../server/notifications/manage';

export const route = apiRoute({
  path: '/api/admin/cancel-notification',
  methods: ['POST'],
  access: 'notifications.send',
  input: NotificationIdInput,
});

/** Calls off a scheduled send that has not gone out yet; a broadcast only with `notifications.broadcast`. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  return ok(context, 'notifications.api.cancelled', {
    ResponseData: await asBroadcaster(context, (may) => cancelNotification(id, actor, may)),
  });
});
