import { api } from '../../lib/api-client';
import type { WebhookAttemptRow, WebhookCreated, WebhookRow } from '../../shared/webhooks/webhook-input';

/** The webhook endpoints as the island calls them (DESIGN.md §5c); each rejects with the envelope. */

export async function fetchWebhooks(signal?: AbortSignal): Promise<WebhookRow[]> {
  return (await api('/api/admin/getwebhooks', { signal })).ResponseBody ?? [];
}

/** The answer holds the signing secret: the island shows it once and keeps it nowhere. */
export async function addWebhook(data: FormData): Promise<{ created: WebhookCreated; message: string }> {
  const json = { url: data.get('url'), events: data.getAll('events') };
  const answer = await api('/api/admin/addwebhook', { json });
  if (!answer.ResponseBody) throw new Error('No webhook in the answer');
  return { created: answer.ResponseBody, message: answer.ResponseMessage };
}

export async function deleteWebhook(id: number): Promise<string> {
  return (await api('/api/admin/deletewebhook', { json: { id } })).ResponseMessage;
}

export async function fetchAttempts(id: number, signal?: AbortSignal): Promise<WebhookAttemptRow[]> {
  return (await api('/api/admin/getwebhookdeliveries', { query: { id }, signal })).ResponseBody ?? [];
}

export async function redeliver(deliveryId: number): Promise<string> {
  return (await api('/api/admin/redeliverwebhook', { json: { delivery_id: deliveryId } })).ResponseMessage;
}
