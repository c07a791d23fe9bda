import { apiRoute } from '../../../../shared/routes/declare';
import { SendNotificationInput } from '../../../../shared/notifications/notification-input';
import { actorOf } from '../../../../server/http/admin-request';
import { endpoint, readJson } from '../../../../server/http/envelope';
import { idempotent } from '../../../../server/http/idempotency';
import { SEND_SCOPE } from '../../../../server/notifications/fanout';
import { sendNotification } from '../../../../server/notifications/send';
import { requirePermission } from '../../../../server/roles/refusal';
import { sendIsBroadcast } from '../../../../shared/notifications/broadcast-rule';

export const route = apiRoute({
  path: '/api/admin/admin/bulk-notifications',
  methods: ['POST'],
  access: 'notifications.send',
  input: SendNotificationInput,
});

/**
 * Sends (or schedules) a notification to the named users or to everyone matching a filter. With an
 * `Idempotency-Key` header a retry answers as the first request did and sends nothing twice.
 * Everyone, everyone with a status, or more than 100 named users needs `notifications.broadcast`.
 */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  // Naming a few users is sending; everyone, or a selection past 100, is a broadcast.
  if (sendIsBroadcast(input.user_ids)) await requirePermission(context, 'notifications.broadcast');
  return idempotent(context, actor, SEND_SCOPE, input, (claim) => sendNotification(input, actor, claim));
});
