import { and, eq, sql } from 'drizzle-orm';
import { db } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';

/** How many audit rows say `action` about `target` (an email, `users:3`, `notifications:7`…). */
export async function countAudit(action: string, target: string): Promise<number> {
  const [row] = await (
    await db()
  )
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));
  return row!.count;
}
