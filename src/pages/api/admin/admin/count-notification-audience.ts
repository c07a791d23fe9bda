import { apiRoute } from '../../../../shared/routes/declare';
import { NotificationAudienceInput } from '../../../../shared/notifications/notification-input';
import { db } from '../../../../server/db/client';
import { endpoint, ok, readJson } from '../../../../server/http/envelope';
import { audienceOf } from '../../../../server/notifications/send';
import { countAudience } from '../../../../server/notifications/audience';

export const route = apiRoute({
  path: '/api/admin/admin/count-notification-audience',
  methods: ['POST'],
  access: 'notifications.send',
  input: NotificationAudienceInput,
});

/**
 * The exact number of users a send to this audience would reach now (and how many blocked ones it
 * would leave out), for the composer's confirm step. A POST because a selection of up to 10,000 ids
 * does not fit in a query string; it changes nothing.
 */
export const POST = endpoint(async (context) => {
  const input = await readJson(context, route.input);
  return ok(context, 'api.ok', { ResponseData: await countAudience(await db(), audienceOf(input)) });
});
