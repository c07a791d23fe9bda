import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { NotificationRow, SendResult } from '../../src/shared/notifications/notification-input';
import type { ListResult } from '../../src/lib/envelope';
import { db } from '../../src/server/db/client';
import { countAudit } from './audit';
import { rowsOf } from '../../src/server/db/rows';
import { notifications } from '../../src/server/db/schema';
import { get, post, type Answer } from './api';

export const SEND = '/api/admin/admin/bulk-notifications';

/** `admin/bulk-notifications` as the composer calls it (with a fresh Idempotency-Key unless given). */
export function send(
  baseUrl: string,
  token: string,
  body: unknown,
  key: string | null = randomUUID(),
): Promise<Answer<unknown>> {
  return post(baseUrl, SEND, body, {
    cookie: `session=${token}`,
    ...(key === null ? {} : { 'idempotency-key': key }),
  });
}

export const resultOf = (answer: Answer<unknown>) => answer.body.ResponseData as SendResult;

export async function listNotifications(baseUrl: string, token: string, query = '') {
  const answer = await get(baseUrl, `/api/admin/get_notification${query}`, { cookie: `session=${token}` });
  return { status: answer.status, data: answer.body.ResponseData as ListResult<NotificationRow>, answer };
}

export async function notificationRow(id: number) {
  const [row] = await (await db()).select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** The recipient rows really written for a notification (and how many of them are read). */
export async function recipientRows(id: number): Promise<{ total: number; read: number }> {
  const [row] = await rowsOf<{ total: number; read: number }>(
    await db(),
    sql`SELECT count(*)::int AS total, count(read_at)::int AS read FROM notification_recipients WHERE notification_id = ${id}`,
  );
  return row ?? { total: 0, read: 0 };
}

export const auditCount = (action: string, id: number) => countAudit(action, `notifications:${id}`);

export const notificationCount = async (title: string) =>
  (await (await db()).select().from(notifications).where(eq(notifications.title, title))).length;

/** An ISO instant `ms` from now. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();
