import { apiRoute } from '../../../shared/routes/declare';
import { NotificationIdInput, NotificationListInput } from '../../../shared/notifications/notification-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { getNotification, listNotifications } from '../../../server/notifications/list';

export const route = apiRoute({
  path: '/api/admin/get_notification',
  methods: ['GET'],
  access: 'notifications.view',
  input: NotificationIdInput,
});

/** A page of notifications (`list`, `total`), or with `?id=` that one notification (the edit form). */
export const GET = endpoint(async (context) => {
  if (context.url.searchParams.has('id')) {
    const { id } = readQuery(context, route.input);
    return ok(context, 'api.ok', { ResponseData: await getNotification(id) });
  }
  return ok(context, 'api.ok', {
    ResponseData: await listNotifications(readQuery(context, NotificationListInput)),
  });
});
