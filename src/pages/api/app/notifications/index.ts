import { apiRoute } from '../../../../shared/routes/declare';
import { appEndpoint } from '../../../../server/http/app-request';
import { ok, readQuery } from '../../../../server/http/envelope';
import { AppInboxInput } from '../../../../server/notifications/app-input';
import { inboxOf } from '../../../../server/notifications/inbox';

export const route = apiRoute({
  path: '/api/app/notifications',
  methods: ['GET'],
  access: { scope: 'notifications.read' },
  input: AppInboxInput,
});

/** A user's inbox (`?user_id=` or `?external_id=`, `&page=`): sent notifications, newest first, 20 a page. */
export const GET = appEndpoint(route, async (context) =>
  ok(context, 'api.ok', { ResponseData: await inboxOf(readQuery(context, route.input)) }),
);
