import { sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { BackgroundJob } from '../background-job';
import { everySoOften } from '../background-schedule';
import { config } from '../config';
import { deleteInBatches } from '../db/batched-delete';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import { webhookMessages } from '../db/schema';
import { sendMailInBackground } from '../mail/mailer';
import { webhookDisabledMail } from '../mail/messages';
import { deliver, DELIVERY_TIMEOUT_MS, type DeliveryOutcome } from './deliver';
import { DISABLE_AFTER, retryAfterSeconds } from './retry';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Deliveries one instance takes at a time (sent in parallel, each with its own timeout). */
const CLAIM_BATCH = 20;
/**
 * A claimed delivery is due again after this long: an instance that died mid-attempt leaves it
 * for another, which retries it under the same `webhook-id`.
 */
const LEASE_SECONDS = Math.ceil(DELIVERY_TIMEOUT_MS / 1000) + 20;

interface Claimed {
  id: number;
  webhook_id: number;
  message_id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
}

/**
 * Claims due deliveries of live endpoints (`FOR UPDATE SKIP LOCKED`, so two instances never take
 * the same one) and leases them in the same statement: the attempt runs outside any transaction.
 */
async function claim(limit: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    await db(),
    sql`WITH due AS (
          SELECT m.id FROM webhook_messages m JOIN webhooks w ON w.id = m.webhook_id
          WHERE m.state = 'pending' AND m.next_attempt_at <= now() AND w.disabled_at IS NULL
          ORDER BY m.next_attempt_at, m.id
          LIMIT ${limit}::int
          FOR UPDATE OF m SKIP LOCKED
        )
        UPDATE webhook_messages m
        SET attempts = m.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
        FROM due, webhooks w
        WHERE m.id = due.id AND w.id = m.webhook_id
        RETURNING m.id, m.webhook_id, m.message_id, m.payload, m.attempts, w.url, w.secret`,
  );
}

/**
 * Keeps the attempt and moves the delivery on: delivered, retried later, or given up. The
 * endpoint's run of failures starts, ends, or (three days long) turns it off, with an audit row
 * as the system and a mail to every active Owner.
 */
async function record(message: Claimed, outcome: DeliveryOutcome): Promise<void> {
  const success = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const retryAfter = retryAfterSeconds(message.attempts);
  const disabled = await (
    await db()
  ).transaction(async (tx) => {
    // Locked first: an endpoint deleted while its attempt ran has taken its deliveries with it.
    const [still] = await rowsOf<{ id: number }>(
      tx,
      sql`SELECT id FROM webhook_messages WHERE id = ${message.id} FOR UPDATE`,
    );
    if (!still) return null;
    await tx.execute(sql`INSERT INTO webhook_attempts
        (message_id, webhook_id, status_code, error, response, duration_ms)
      VALUES (${message.id}, ${message.webhook_id}, ${outcome.statusCode}, ${outcome.error},
        ${outcome.response}, ${outcome.durationMs})`);
    await tx.execute(sql`UPDATE webhook_messages SET
        state = ${success ? 'delivered' : retryAfter === null ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(secs => ${retryAfter ?? 0})
      WHERE id = ${message.id}`);
    if (success) {
      await tx.execute(sql`UPDATE webhooks SET failing_since = NULL
        WHERE id = ${message.webhook_id} AND failing_since IS NOT NULL`);
      return null;
    }
    const [turnedOff] = await rowsOf<{ id: number; url: string; off: boolean }>(
      tx,
      sql`UPDATE webhooks SET
            failing_since = coalesce(failing_since, now()),
            disabled_at = CASE WHEN failing_since < now() - ${DISABLE_AFTER}::interval THEN now() END
          WHERE id = ${message.webhook_id} AND disabled_at IS NULL
          RETURNING id, url, disabled_at IS NOT NULL AS off`,
    );
    if (!turnedOff?.off) return null;
    await audit(tx, {
      adminId: null,
      action: 'webhooks.disable',
      target: auditTarget('webhooks', turnedOff.id),
      detail: JSON.stringify({ url: turnedOff.url, failing_for: DISABLE_AFTER }),
    });
    return turnedOff;
  });
  if (disabled) await tellOwners(disabled.url);
}

async function tellOwners(url: string): Promise<void> {
  const owners = await rowsOf<{ email: string; locale: string }>(
    await db(),
    sql`SELECT email, locale FROM admins WHERE role = 'owner' AND status = 'active'`,
  );
  const link = `${config().publicUrl}/account-setting?tab=keys`;
  for (const owner of owners) sendMailInBackground(webhookDisabledMail(owner.email, owner.locale, url, link));
}

/**
 * One round: claims and delivers batches until none is due or the server stops. Exported for the
 * tests and the benchmark, which run rounds themselves.
 */
export async function deliverDueWebhooks(stopping: () => boolean = () => false): Promise<number> {
  let delivered = 0;
  while (!stopping()) {
    const batch = await claim(CLAIM_BATCH);
    if (batch.length === 0) break;
    await Promise.all(
      batch.map(async (message) => {
        await record(
          message,
          await deliver(message.url, message.secret, message.message_id, message.payload),
        );
      }),
    );
    delivered += batch.length;
  }
  return delivered;
}

/** Settled deliveries (and their attempts) are kept this long, for "Deliveries" and redelivery. */
const KEEP_SETTLED = '30 days';
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Deletes settled deliveries past KEEP_SETTLED in batches any instance may share. Exported for tests. */
export async function forgetOldDeliveries(stopping: () => boolean = () => false): Promise<number> {
  return deleteInBatches(
    await db(),
    {
      table: webhookMessages,
      key: 'id',
      where: sql`${webhookMessages.state} <> 'pending'
        AND ${webhookMessages.createdAt} < now() - ${KEEP_SETTLED}::interval`,
      batch: 1_000,
    },
    stopping,
  );
}

export function startWebhookWorker(): BackgroundJob {
  const every = config().WORKER_POLL_MS;
  const jobs = [
    everySoOften('webhooks.worker_failed', { firstAfterMs: every, everyMs: every }, deliverDueWebhooks),
    everySoOften(
      'webhooks.sweep_failed',
      { firstAfterMs: SWEEP_EVERY_MS, everyMs: SWEEP_EVERY_MS },
      forgetOldDeliveries,
    ),
  ];
  return { stop: async () => void (await Promise.all(jobs.map((job) => job.stop()))) };
}
