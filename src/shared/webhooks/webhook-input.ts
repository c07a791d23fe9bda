import * as z from 'zod/mini';

/**
 * Webhooks' request shapes (the API keys tab, DESIGN.md §5c), shared by the island's form and the
 * endpoints. Messages are i18n keys or zod's own codes; the server translates them.
 */
export const WEBHOOK_EVENTS = [
  'user.banned',
  'user.unbanned',
  'user.erasure_scheduled',
  'user.erased',
  'notification.sent',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
const isWebhookEvent = (value: string): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);

/** An outbox row: waiting (first try or a retry), delivered, or given up after the last attempt. */
export const WEBHOOK_MESSAGE_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookMessageState = (typeof WEBHOOK_MESSAGE_STATES)[number];

export const WEBHOOK_URL_MAX = 2000;

const webhookId = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

/** `addwebhook`. The URL's shape is checked here; where it leads, by the server (destination.ts). */
export const WebhookCreateInput = z.object({
  url: z.string().check(
    z.trim(),
    z.minLength(1, 'validation.required'),
    z.maxLength(WEBHOOK_URL_MAX),
    z.refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), 'webhooks.api.scheme'),
  ),
  // Checked as a whole, so an unknown event is reported on `events` itself.
  events: z.pipe(
    z.array(z.string()).check(
      z.minLength(1, 'webhooks.api.noEvent'),
      z.maxLength(WEBHOOK_EVENTS.length * 2),
      z.refine((events) => events.every(isWebhookEvent), 'webhooks.api.unknownEvent'),
    ),
    z.transform((events) => events.filter(isWebhookEvent)),
  ),
});
export type WebhookCreateInput = z.output<typeof WebhookCreateInput>;

/** `deletewebhook`, `getwebhookdeliveries`. */
export const WebhookIdInput = z.object({ id: webhookId });

/** `redeliverwebhook`: the delivery (one event to one endpoint) to try once more. */
export const WebhookRedeliverInput = z.object({ delivery_id: webhookId });

/** An endpoint as `getwebhooks` lists it: never its secret. */
export interface WebhookRow {
  id: number;
  url: string;
  events: WebhookEvent[];
  created_at: string;
  failing_since: string | null;
  disabled_at: string | null;
}

/** `addwebhook`'s answer: the only time the signing secret is shown. */
export interface WebhookCreated {
  id: number;
  secret: string;
}

/** One attempt as `getwebhookdeliveries` lists it, newest first. */
export interface WebhookAttemptRow {
  id: number;
  /** The delivery (event and endpoint) it tried: what `redeliverwebhook` takes. */
  delivery_id: number;
  /** The `webhook-id` header, the same for every attempt of one delivery. */
  message_id: string;
  event: string;
  status_code: number | null;
  error: string | null;
  attempted_at: string;
  duration_ms: number;
  /** Where its delivery stands now. */
  state: WebhookMessageState;
}
