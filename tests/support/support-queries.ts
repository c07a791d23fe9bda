import { and, eq } from 'drizzle-orm';
import { db } from '../../src/server/db/client';
import { auditLog, supportQueries } from '../../src/server/db/schema';
import { postFromUser } from '../../src/server/support/app';
import type { AppClient } from '../../src/server/http/app-request';

/** The product's API key as the help-center services see it (`/api/app/support`). */
export const appClient: AppClient = { keyId: 1, ip: '203.0.113.7' };

/** A user's new query through the product's side, as `/api/app/support` makes it; its id. */
export async function ask(userId: number, subject: string, message = `${subject}, please help`) {
  return (await postFromUser({ user_id: userId, subject, message }, appClient)).query_id;
}

export async function queryRow(id: number) {
  const [row] = await (await db()).select().from(supportQueries).where(eq(supportQueries.id, id));
  return row!;
}

/** The audit rows about one query, in the order written. */
export async function supportAudit(id: number, action?: string) {
  return (await db())
    .select({ action: auditLog.action, adminId: auditLog.adminId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.target, `support:${id}`), action ? eq(auditLog.action, action) : undefined))
    .orderBy(auditLog.id);
}
