import { sql } from 'drizzle-orm';
import type { BackgroundJob } from '../background-job';
import { everySoOften } from '../background-schedule';
import { config } from '../config';
import { deleteInBatches } from '../db/batched-delete';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import { auditLog } from '../db/schema';
import { audit } from './service';

/** Each server looks for expired rows this often (and once shortly after it starts). */
const PURGE_EVERY_MS = 60 * 60 * 1000;
const FIRST_PURGE_AFTER_MS = 60 * 1000;

/**
 * Deletes the audit rows older than AUDIT_RETENTION_DAYS, in batches that any number of instances
 * share (db/batched-delete.ts). The purge itself is audited (how many rows, up to when), once per
 * run that deleted anything. Answers how many rows it deleted.
 */
export async function purgeExpiredAudit(stopping: () => boolean = () => false): Promise<number> {
  const days = config().AUDIT_RETENTION_DAYS;
  const database = await db();
  const [{ cutoff } = { cutoff: new Date() }] = await rowsOf<{ cutoff: Date }>(
    database,
    sql`SELECT now() - make_interval(days => ${days}::int) AS cutoff`,
  );
  const before = new Date(cutoff).toISOString();
  const deleted = await deleteInBatches(
    database,
    { table: auditLog, key: 'id', where: sql`${auditLog.at} < ${before}::timestamptz` },
    stopping,
  );
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
  return everySoOften(
    'audit.purge_failed',
    { firstAfterMs: FIRST_PURGE_AFTER_MS, everyMs: PURGE_EVERY_MS },
    purgeExpiredAudit,
  );
}
