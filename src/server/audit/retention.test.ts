import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { auditLog } from '../db/schema';
import { DELETE_BATCH as PURGE_BATCH } from '../db/batched-delete';
import { purgeExpiredAudit } from './retention';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase({ AUDIT_RETENTION_DAYS: '30' });
});
afterAll(() => testDb?.close());

/** `count` audit rows `daysAgo` days old, with `action`. */
async function oldRows(count: number, daysAgo: number, action: string) {
  await testDb.db.db.execute(sql`
    INSERT INTO audit_log (admin_id, action, at)
    SELECT ${testDb.actor.adminId}, ${action}, now() - make_interval(days => ${daysAgo}::int)
    FROM generate_series(1, ${count}::int)`);
}
const countOf = async (action: string) =>
  (
    await testDb.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, action))
  )[0]!.n;

describe('the audit retention purge', () => {
  it('deletes only rows past AUDIT_RETENTION_DAYS, in batches, and audits itself once', async () => {
    const expired = PURGE_BATCH * 2 + 17;
    await oldRows(expired, 31, 'test.expired');
    await oldRows(5, 29, 'test.kept');
    const answers = await Promise.all([purgeExpiredAudit(), purgeExpiredAudit()]);
    // Two purges at once share the rows (SKIP LOCKED): together they delete each row once.
    expect(answers[0]! + answers[1]!).toBe(expired);
    expect(await countOf('test.expired')).toBe(0);
    expect(await countOf('test.kept')).toBe(5);
    const purges = await testDb.db.db
      .select({ detail: auditLog.detail, adminId: auditLog.adminId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'audit.purge')));
    expect(purges.reduce((sum, row) => sum + JSON.parse(row.detail!).deleted, 0)).toBe(expired);
    expect(purges.every((row) => row.adminId === null && JSON.parse(row.detail!).days === 30)).toBe(true);
    // Nothing left to do: no rows deleted, no audit row written.
    expect(await purgeExpiredAudit()).toBe(0);
    expect(await countOf('audit.purge')).toBe(purges.length);
  });

  it('stops between batches when the server is stopping', async () => {
    await oldRows(PURGE_BATCH + 1, 40, 'test.stopping');
    expect(await purgeExpiredAudit(() => true)).toBe(PURGE_BATCH);
    expect(await countOf('test.stopping')).toBe(1);
  });
});
