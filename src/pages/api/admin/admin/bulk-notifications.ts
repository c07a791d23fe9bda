import { SendNotificationInput } from '../../../../features/notifications/notification-input';
import { actorOf } from '../../../../server/http/admin-request';
import { endpoint, readJson } from '../../../../server/http/envelope';
import { idempotent } from '../../../../server/http/idempotency';
import { SEND_SCOPE } from '../../../../server/notifications/fanout';
import { sendNotification } from '../../../../server/notifications/send';

/**
 * Sends (or schedules) a notification to the named users or to everyone matching a filter. With an
 * `Idempotency-Key` header a retry answers as the first request did and sends nothing twice.
 */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, SendNotificationInput);
  return idempotent(context, actor, SEND_SCOPE, input, (claim) => sendNotification(input, actor, claim));
});
