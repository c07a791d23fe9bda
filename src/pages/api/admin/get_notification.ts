import { NotificationIdInput, NotificationListInput } from '../../../shared/notifications/notification-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { getNotification, listNotifications } from '../../../server/notifications/list';

/** A page of notifications (`list`, `total`), or with `?id=` that one notification (the edit form). */
export const GET = endpoint(async (context) => {
  if (context.url.searchParams.has('id')) {
    const { id } = readQuery(context, NotificationIdInput);
    return ok(context, 'api.ok', { ResponseData: await getNotification(id) });
  }
  return ok(context, 'api.ok', {
    ResponseData: await listNotifications(readQuery(context, NotificationListInput)),
  });
});
