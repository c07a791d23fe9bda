import { and, eq } from 'drizzle-orm';
import { db } from '../../src/server/db/client';
import { apiKeys, auditLog, supportQueries } from '../../src/server/db/schema';
import { postFromUser } from '../../src/server/support/app';
import type { AppClient } from '../../src/server/http/app-request';

/**
 * The product's API key as the help-center services see it (`/api/app/support`). Its `keyId` names
 * a real key of the test database (audit rows refer to it) once `useProductKey` has run.
 */
export const appClient: AppClient = { keyId: 0, ip: '203.0.113.7' };

const KEY_NAME = 'Test product key';

/** Points `appClient` at the test database's product key, making it the first time. */
export async function useProductKey(): Promise<void> {
  const database = await db();
  const [found] = await database.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.name, KEY_NAME));
  const [made] = found
    ? [found]
    : await database
        .insert(apiKeys)
        .values({ name: KEY_NAME, keyHash: `test-${Math.random()}`, prefix: 'pzk_test', scopes: [] })
        .returning({ id: apiKeys.id });
  appClient.keyId = made!.id;
}

/** A user's new query through the product's side, as `/api/app/support` makes it; its id. */
export async function ask(userId: number, subject: string, message = `${subject}, please help`) {
  await useProductKey();
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
