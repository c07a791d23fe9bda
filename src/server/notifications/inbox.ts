import { eq, sql } from 'drizzle-orm';
import { db, type Db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { intArray } from './audience';
import { INBOX_PAGE_SIZE, type AppReadInput, type InboxItem } from './app-input';

/** A user's inbox for the product (`/api/app/notifications`): only notifications that went out. */

async function userIdOf(run: Db | Tx, ref: { user_id?: number; external_id?: string }): Promise<number> {
  const [row] = await run
    .select({ id: users.id })
    .from(users)
    .where(ref.user_id !== undefined ? eq(users.id, ref.user_id) : eq(users.externalId, ref.external_id!));
  if (!row) throw new HttpError(404, 'appApi.notifications.userNotFound');
  return row.id;
}

export interface Inbox {
  list: InboxItem[];
  total: number;
  unread: number;
  page: number;
  record: number;
}

/** Newest first, 20 a page; walks the recipients' (user_id, created_at) index. */
export async function inboxOf(ref: { user_id?: number; external_id?: string; page: number }): Promise<Inbox> {
  const database = await db();
  const userId = await userIdOf(database, ref);
  const [list, [counts]] = await Promise.all([
    rowsOf<{
      id: number;
      title: string;
      message: string;
      sent_at: string | Date;
      read_at: string | Date | null;
    }>(
      database,
      sql`SELECT n.id, n.title, n.message, r.created_at AS sent_at, r.read_at
          FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id
          WHERE r.user_id = ${userId} AND n.state = 'sent'
          ORDER BY r.created_at DESC, r.notification_id DESC
          LIMIT ${INBOX_PAGE_SIZE} OFFSET ${ref.page * INBOX_PAGE_SIZE}`,
    ),
    rowsOf<{ total: number; unread: number }>(
      database,
      sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE r.read_at IS NULL))::int AS unread
          FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id
          WHERE r.user_id = ${userId} AND n.state = 'sent'`,
    ),
  ]);
  return {
    list: list.map((row) => ({
      id: row.id,
      title: row.title,
      message: row.message,
      sent_at: new Date(row.sent_at).toISOString(),
      read: row.read_at !== null,
      read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
    })),
    total: counts?.total ?? 0,
    unread: counts?.unread ?? 0,
    page: ref.page,
    record: INBOX_PAGE_SIZE,
  };
}

/**
 * Marks the user's unread ones read and counts each on its notification, in one transaction, so
 * `read_count` is exact: a row already read is not counted again, however often it is marked.
 * Notifications are locked in id order before their recipient rows (the order a delete takes
 * them in too), so parallel markings of a popular notification queue up instead of deadlocking.
 */
export async function markRead(input: AppReadInput): Promise<{ marked: number }> {
  return (await db()).transaction(async (tx) => {
    const userId = await userIdOf(tx, input);
    const unread = await rowsOf<{ id: number }>(
      tx,
      sql`SELECT r.notification_id AS id
          FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id
          WHERE r.user_id = ${userId} AND r.read_at IS NULL AND n.state = 'sent'
          ${input.ids ? sql`AND r.notification_id = ANY(${intArray(input.ids)})` : sql``}`,
    );
    if (unread.length === 0) return { marked: 0 };
    const ids = intArray(unread.map((row) => row.id));
    await tx.execute(sql`SELECT id FROM notifications WHERE id = ANY(${ids}) ORDER BY id FOR NO KEY UPDATE`);
    const [row] = await rowsOf<{ marked: number }>(
      tx,
      sql`WITH marked AS (
            UPDATE notification_recipients SET read_at = now()
            WHERE user_id = ${userId} AND notification_id = ANY(${ids}) AND read_at IS NULL
            RETURNING notification_id
          ), counted AS (
            UPDATE notifications n SET read_count = n.read_count + 1
            FROM marked WHERE n.id = marked.notification_id
            RETURNING 1
          )
          SELECT count(*)::int AS marked FROM marked`,
    );
    return { marked: row?.marked ?? 0 };
  });
}
