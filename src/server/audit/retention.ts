import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { BackgroundJob } from '../background';
import { config } from '../config';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import { logError } from '../log';
import { audit } from './service';

/** Rows deleted per statement: small enough that no request waits long behind one. */
export const PURGE_BATCH = 5_000;
/** Each server looks for expired rows this often (and once shortly after it starts). */
const PURGE_EVERY_MS = 60 * 60 * 1000;
const FIRST_PURGE_AFTER_MS = 60 * 1000;

/**
 * Deletes the audit rows older than AUDIT_RETENTION_DAYS, one batch per statement. Every instance
 * may run it at once: each batch claims its rows with `FOR UPDATE SKIP LOCKED`, so two purges
 * share the work instead of waiting on each other. The purge itself is audited (how many rows,
 * up to when), once per run that deleted anything. Answers how many rows it deleted.
 */
export async function purgeExpiredAudit(stopping: () => boolean = () => false): Promise<number> {
  const days = config().AUDIT_RETENTION_DAYS;
  const database = await db();
  const [{ cutoff } = { cutoff: new Date() }] = await rowsOf<{ cutoff: Date }>(
    database,
    sql`SELECT now() - make_interval(days => ${days}::int) AS cutoff`,
  );
  const before = new Date(cutoff).toISOString();
  let deleted = 0;
  for (;;) {
    const [batch] = await rowsOf<{ n: number }>(
      database,
      sql`
      WITH doomed AS (
        SELECT id FROM audit_log WHERE at < ${before}::timestamptz
        ORDER BY id LIMIT ${PURGE_BATCH}::int
        FOR UPDATE SKIP LOCKED
      ), gone AS (
        DELETE FROM audit_log a USING doomed WHERE a.id = doomed.id RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`,
    );
    deleted += batch?.n ?? 0;
    if (!batch?.n || stopping()) break;
    await yieldToRequests();
  }
  if (deleted > 0) {
    await audit(database, {
      adminId: null,
      action: 'audit.purge',
      detail: JSON.stringify({ deleted, before, days }),
    });
  }
  return deleted;
}

/** The background job: a purge shortly after start, then every hour. */
export function startAuditRetention(): BackgroundJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = purgeExpiredAudit(() => stopped)
        .catch((error) => logError('audit.purge_failed', error))
        .finally(() => schedule(PURGE_EVERY_MS));
    }, delay);
    timer.unref();
  };
  schedule(FIRST_PURGE_AFTER_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
