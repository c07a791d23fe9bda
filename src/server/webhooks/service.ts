import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  WEBHOOK_EVENTS,
  type WebhookAttemptRow,
  type WebhookCreated,
  type WebhookCreateInput,
  type WebhookEvent,
  type WebhookRow,
} from '../../shared/webhooks/webhook-input';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { destinationProblem, type DestinationProblem } from './destination';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Endpoints one installation may have: each event is one outbox row per endpoint. */
export const WEBHOOKS_MAX = 20;
/** Attempts `getwebhookdeliveries` shows. */
const ATTEMPTS_SHOWN = 100;

/** Why a URL was refused, in the catalogue's words. */
const PROBLEM_KEYS = {
  scheme: 'webhooks.api.scheme',
  address: 'webhooks.api.address',
  unresolved: 'webhooks.api.unresolved',
} as const satisfies Record<DestinationProblem, string>;

const notFound = () => new HttpError(404, 'webhooks.api.notFound');

/** The URL as the audit trail keeps it: a query string may carry the receiver's own token. */
const auditedUrl = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
};

/** `addwebhook`: the endpoint, checked against SSRF (400 on `url`), and its secret, shown once. */
export async function addWebhook(input: WebhookCreateInput, actor: Actor): Promise<WebhookCreated> {
  const problem = await destinationProblem(input.url);
  if (problem) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { url: PROBLEM_KEYS[problem] },
    });
  }
  const events = WEBHOOK_EVENTS.filter((event) => input.events.includes(event));
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  return (await db()).transaction(async (tx) => {
    // Counted under a lock, so two parallel additions cannot both pass the limit.
    await tx.execute(sql`LOCK TABLE webhooks IN SHARE ROW EXCLUSIVE MODE`);
    const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM webhooks`);
    if (n >= WEBHOOKS_MAX) {
      throw new HttpError(409, 'webhooks.api.tooMany', { values: { max: WEBHOOKS_MAX } });
    }
    const [created] = await rowsOf<{ id: number }>(
      tx,
      sql`INSERT INTO webhooks (url, events, secret, created_by)
          VALUES (${input.url}, string_to_array(${events.join(',')}, ','), ${secret}, ${actor.adminId})
          RETURNING id`,
    );
    const id = created!.id;
    await audit(tx, {
      adminId: actor.adminId,
      action: 'webhooks.add',
      target: auditTarget('webhooks', id),
      detail: JSON.stringify({ url: auditedUrl(input.url), events }),
      ip: actor.ip,
    });
    return { id, secret };
  });
}

interface StoredWebhook {
  id: number;
  url: string;
  events: string[];
  created_at: Date;
  failing_since: Date | null;
  disabled_at: Date | null;
}

const toRow = (row: StoredWebhook): WebhookRow => ({
  id: row.id,
  url: row.url,
  events: WEBHOOK_EVENTS.filter((event) => row.events.includes(event)),
  created_at: new Date(row.created_at).toISOString(),
  failing_since: row.failing_since ? new Date(row.failing_since).toISOString() : null,
  disabled_at: row.disabled_at ? new Date(row.disabled_at).toISOString() : null,
});

/** `getwebhooks`: every endpoint, newest first, never a secret. */
export async function listWebhooks(): Promise<WebhookRow[]> {
  const rows = await rowsOf<StoredWebhook>(
    await db(),
    sql`SELECT id, url, events, created_at, failing_since, disabled_at FROM webhooks ORDER BY id DESC`,
  );
  return rows.map(toRow);
}

/** `deletewebhook`: the endpoint goes, with its pending deliveries and their attempts. */
export async function deleteWebhook(id: number, actor: Actor): Promise<WebhookRow> {
  return (await db()).transaction(async (tx) => {
    const [gone] = await rowsOf<StoredWebhook>(
      tx,
      sql`DELETE FROM webhooks WHERE id = ${id}
          RETURNING id, url, events, created_at, failing_since, disabled_at`,
    );
    if (!gone) throw notFound();
    await audit(tx, {
      adminId: actor.adminId,
      action: 'webhooks.delete',
      target: auditTarget('webhooks', id),
      detail: JSON.stringify({ url: auditedUrl(gone.url), events: gone.events }),
      ip: actor.ip,
    });
    return toRow(gone);
  });
}

/** `getwebhookdeliveries`: the endpoint's last attempts, newest first. */
export async function listAttempts(id: number): Promise<WebhookAttemptRow[]> {
  const database = await db();
  const [known] = await rowsOf<{ id: number }>(database, sql`SELECT id FROM webhooks WHERE id = ${id}`);
  if (!known) throw notFound();
  const rows = await rowsOf<{
    id: number;
    delivery_id: number;
    message_id: string;
    event: string;
    status_code: number | null;
    error: string | null;
    attempted_at: Date;
    duration_ms: number;
    state: WebhookAttemptRow['state'];
  }>(
    database,
    sql`SELECT a.id, a.message_id AS delivery_id, m.message_id, m.type AS event, a.status_code, a.error,
          a.attempted_at, a.duration_ms, m.state
        FROM webhook_attempts a JOIN webhook_messages m ON m.id = a.message_id
        WHERE a.webhook_id = ${id}
        ORDER BY a.id DESC
        LIMIT ${ATTEMPTS_SHOWN}::int`,
  );
  return rows.map((row) => ({ ...row, attempted_at: new Date(row.attempted_at).toISOString() }));
}

/**
 * `redeliverwebhook`: the delivery is due again at once, under its own `webhook-id`, with a fresh
 * allowance of attempts. One already waiting for its next try is simply brought forward.
 */
export async function redeliver(deliveryId: number, actor: Actor): Promise<{ delivery_id: number }> {
  return (await db()).transaction(async (tx) => {
    const [row] = await rowsOf<{ webhook_id: number; type: WebhookEvent; disabled: boolean }>(
      tx,
      sql`UPDATE webhook_messages m SET state = 'pending', attempts = 0, next_attempt_at = now()
          FROM webhooks w
          WHERE m.id = ${deliveryId} AND w.id = m.webhook_id
          RETURNING m.webhook_id, m.type, w.disabled_at IS NOT NULL AS disabled`,
    );
    if (!row) throw new HttpError(404, 'webhooks.api.deliveryNotFound');
    if (row.disabled) throw new HttpError(409, 'webhooks.api.disabled');
    await audit(tx, {
      adminId: actor.adminId,
      action: 'webhooks.redeliver',
      target: auditTarget('webhooks', row.webhook_id),
      detail: JSON.stringify({ delivery_id: deliveryId, event: row.type }),
      ip: actor.ip,
    });
    return { delivery_id: deliveryId };
  });
}
