import { count, desc, eq } from 'drizzle-orm';
import type { ActivityListInput, ActivityRow } from '../../shared/account/activity-input';
import type { ListResult } from '../../lib/envelope';
import { db } from '../db/client';
import { auditLog } from '../db/schema';
import { withTargetNames } from '../audit/target-names';

/**
 * The admin's own audit entries, newest first, with what each was about by name. Filter and order
 * are those of the index `audit_log_admin_at_idx (admin_id, at, id)` read backwards, so a page is
 * read straight off it.
 */
export async function listActivity(
  adminId: number,
  input: ActivityListInput,
): Promise<ListResult<ActivityRow>> {
  const database = await db();
  const mine = eq(auditLog.adminId, adminId);
  const [rows, [total]] = await Promise.all([
    database
      .select({
        id: auditLog.id,
        action: auditLog.action,
        target: auditLog.target,
        detail: auditLog.detail,
        ip: auditLog.ip,
        at: auditLog.at,
      })
      .from(auditLog)
      .where(mine)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(input.record)
      .offset(input.page * input.record),
    database.select({ total: count() }).from(auditLog).where(mine),
  ]);
  return {
    list: await withTargetNames(rows.map((row) => ({ ...row, at: row.at.toISOString() }))),
    total: total?.total ?? 0,
    page: input.page,
    record: input.record,
    search: '',
  };
}
