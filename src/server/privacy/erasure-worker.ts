import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { BackgroundJob } from '../background-job';
import { everySoOften } from '../background-schedule';
import { config } from '../config';
import { db, type Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { ERASURE_STEPS, finishErasure, type ErasureTarget } from './erasure-steps';
import { auditTarget } from '../../shared/audit/vocabulary';

/**
 * Carries out due erasures, on every instance at once. Each transaction claims one due erasure
 * (`FOR UPDATE SKIP LOCKED`: two instances never take the same one) and does one bounded batch of
 * it; the least recently served erasure goes next, so players take turns and one player with a
 * long record never holds back another's erasure.
 */
async function oneBatch(database: Db): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [claimed] = await rowsOf<ErasureTarget & { step: string | null }>(
      tx,
      sql`SELECT e.user_id, e.step, u.external_id, u.profile
          FROM user_erasures e JOIN users u ON u.id = e.user_id
          WHERE e.erased_at IS NULL AND e.scheduled_for <= now()
          ORDER BY e.progressed_at NULLS FIRST, e.scheduled_for
          LIMIT 1
          FOR UPDATE OF e SKIP LOCKED`,
    );
    if (!claimed) return false;
    // Steps in order; each runs until it finds nothing left, then hands over to the next.
    let index = claimed.step ? ERASURE_STEPS.findIndex((step) => step.name === claimed.step) : 0;
    for (; index < ERASURE_STEPS.length; index++) {
      const step = ERASURE_STEPS[index]!;
      if ((await step.run(tx, claimed.user_id)) > 0) {
        await tx.execute(sql`UPDATE user_erasures SET step = ${step.name}, progressed_at = now()
          WHERE user_id = ${claimed.user_id}`);
        return true;
      }
    }
    await finishErasure(tx, claimed);
    await audit(tx, {
      adminId: null,
      action: 'users.erase',
      target: auditTarget('users', claimed.user_id),
      detail: JSON.stringify({ erased: true }),
    });
    return true;
  });
}

/** One round: batches until nothing is due or the server stops. Exported for the tests. */
export async function eraseDueUsers(stopping: () => boolean = () => false, database?: Db): Promise<number> {
  const run = database ?? (await db());
  let batches = 0;
  while (!stopping() && (await oneBatch(run))) {
    batches += 1;
    await yieldToRequests();
  }
  return batches;
}

export function startErasureWorker(): BackgroundJob {
  const every = config().WORKER_POLL_MS;
  return everySoOften('privacy.erasure_failed', { firstAfterMs: every, everyMs: every }, (stopping) =>
    eraseDueUsers(stopping),
  );
}
