import { api } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import { fetchList } from '../../lib/fetch-list';
import type { ListState } from '../../lib/list-url';
import type { UserStatus } from '../users/user-input';
import type {
  NotificationRow,
  SendNotificationInput,
  SendResult,
  UpdateNotificationInput,
} from './notification-input';

/** The notifications endpoints as the island calls them (DESIGN.md §5); each rejects with the envelope. */

export function fetchNotifications(
  state: ListState,
  signal: AbortSignal,
): Promise<ListResult<NotificationRow>> {
  return fetchList<NotificationRow>('/api/admin/get_notification', state, signal);
}

/**
 * Sends (or schedules) one composed message. `key` is the composer's Idempotency-Key for this
 * exact body: a retry or a second click with the same key creates nothing twice.
 */
export async function sendNotification(
  input: SendNotificationInput,
  key: string,
): Promise<{ result: SendResult; message: string }> {
  const answer = await api<unknown, SendResult>('/api/admin/admin/bulk-notifications', {
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

/**
 * How many users an "everyone" send reaches now: blocked users are never sent to, so it is the
 * active users matching the search (`getusers` counts them from its counters without a search).
 * A status other than active reaches nobody.
 */
export async function countEveryone(
  status: UserStatus | undefined,
  search: string | undefined,
): Promise<{ total: number; capped: boolean }> {
  if (status !== undefined && status !== 'active') return { total: 0, capped: false };
  const answer = await api<unknown, ListResult<unknown>>('/api/admin/getusers', {
    query: { status: 'active', search: search || undefined, record: 1 },
  });
  return { total: answer.ResponseData?.total ?? 0, capped: answer.ResponseData?.capped ?? false };
}
