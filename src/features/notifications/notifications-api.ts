import { api } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import type { ListState } from '../../lib/list-url';
import type {
  AudienceCount,
  NotificationAudienceInput,
  NotificationRow,
  SendNotificationInput,
  SendResult,
  UpdateNotificationInput,
} from '../../shared/notifications/notification-input';

/** The notifications endpoints as the island calls them (DESIGN.md §5); each rejects with the envelope. */

export function fetchNotifications(
  state: ListState,
  signal: AbortSignal,
): Promise<ListResult<NotificationRow>> {
  return fetchList('/api/admin/get_notification', state, signal);
}

/**
 * Sends (or schedules) one composed message. `key` is the composer's Idempotency-Key for this
 * exact body: a retry or a second click with the same key creates nothing twice.
 */
export async function sendNotification(
  input: SendNotificationInput,
  key: string,
): Promise<{ result: SendResult; message: string }> {
  const answer = await api('/api/admin/admin/bulk-notifications', {
    json: input,
    headers: { 'Idempotency-Key': key },
  });
  if (!answer.ResponseData) throw new Error('No notification in the answer');
  return { result: answer.ResponseData, message: answer.ResponseMessage };
}

export async function updateNotification(input: UpdateNotificationInput): Promise<string> {
  return (await api('/api/admin/update-notification', { json: input })).ResponseMessage;
}

export async function cancelNotification(id: number): Promise<string> {
  return (await api('/api/admin/cancel-notification', { json: { id } })).ResponseMessage;
}

export async function deleteNotification(id: number): Promise<string> {
  return (await api('/api/admin/delete-notification', { json: { id } })).ResponseMessage;
}

/** Exactly how many users a send to this audience reaches now, and how many blocked ones it leaves out. */
export async function countAudience(input: NotificationAudienceInput): Promise<AudienceCount> {
  const answer = await api('/api/admin/admin/count-notification-audience', {
    json: input,
  });
  return answer.ResponseData ?? { recipients: 0, skipped: 0 };
}
