import { apiRoute } from '../../../shared/routes/declare';
import { UpdateNotificationInput } from '../../../shared/notifications/notification-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { asBroadcaster } from '../../../server/notifications/broadcast';
import { updateNotification } from '../../../server/notifications/manage';

export const route = apiRoute({
  path: '/api/admin/update-notification',
  methods: ['POST'],
  access: 'notifications.send',
  input: UpdateNotificationInput,
});

/**
 * The text of any notification that was not cancelled; its time only while still scheduled. A
 * broadcast (everyone, or more than 100 users) only by an admin who may send one.
 */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'notifications.api.updated', {
    ResponseData: await asBroadcaster(context, (may) => updateNotification(input, actor, may)),
  });
});
