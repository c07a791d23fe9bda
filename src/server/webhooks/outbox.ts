import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { WebhookEvent } from '../../shared/webhooks/webhook-input';
import type { Db, Tx } from '../db/client';

/**
 * Tells every live endpoint subscribed to `type` about an event: one outbox row per endpoint,
 * written by one statement in the caller's transaction, so the event goes out if and only if the
 * change it tells about is committed. The worker (worker.ts) delivers it later, from any instance.
 * The body follows Standard Webhooks: `{type, timestamp, data}`; `data` must hold nothing secret.
 */
export async function enqueueEvent(
  tx: Db | Tx,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
  // One message id per endpoint (the `webhook-id` header): a receiver de-duplicates on it.
  const prefix = `msg_${randomUUID().replace(/-/g, '')}`;
  await tx.execute(sql`
    INSERT INTO webhook_messages (webhook_id, message_id, type, payload)
    SELECT id, ${prefix} || '_' || id, ${type}, ${payload}
    FROM webhooks
    WHERE disabled_at IS NULL AND ${type} = ANY(events)`);
}

/**
 * The same for many players at once, as a statement for a data-modifying CTE: one outbox row per
 * player of `source` (a relation with `id` and `external_id`) and live endpoint. A bulk ban of a
 * whole filter tells the game in the same transaction, with no round trip per player. `extra` adds
 * fields to each event's `data` (a jsonb expression).
 */
export function userEventsFrom(type: WebhookEvent, source: SQL, extra: SQL = sql`'{}'::jsonb`): SQL {
  return sql`INSERT INTO webhook_messages (webhook_id, message_id, type, payload)
    SELECT w.id, 'msg_' || replace(gen_random_uuid()::text, '-', '') || '_' || w.id, ${type}::text,
      json_build_object('type', ${type}::text, 'timestamp', ${new Date().toISOString()}::text,
        'data', jsonb_build_object('user_id', s.id, 'external_id', s.external_id) || ${extra})::text
    FROM ${source} AS s CROSS JOIN webhooks AS w
    WHERE w.disabled_at IS NULL AND ${type}::text = ANY(w.events)`;
}
