import { appEndpoint } from '../../../../server/http/app-request';
import { ok, readQuery } from '../../../../server/http/envelope';
import { AppInboxInput } from '../../../../server/notifications/app-input';
import { inboxOf } from '../../../../server/notifications/inbox';

/** A user's inbox (`?user_id=` or `?external_id=`, `&page=`): sent notifications, newest first, 20 a page. */
export const GET = appEndpoint('notifications.read', async (context) =>
  ok(context, 'api.ok', { ResponseData: await inboxOf(readQuery(context, AppInboxInput)) }),
);
