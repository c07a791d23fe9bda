import { sql } from 'drizzle-orm';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  RECORD_LIMIT,
  type ReceivedNotification,
  type SupportThread,
} from '../../shared/users/player-record';

/**
 * The player page's other sections (profile, stats, bans and notes have their own reads): the
 * notifications a player received and their support threads, latest first. Each is one query on
 * an index that starts with the player's id, so a player with a long past costs no more than one
 * with a short one.
 */

const iso = (value: string | Date) => new Date(value).toISOString();

export async function receivedNotifications(userId: number): Promise<ReceivedNotification[]> {
  const rows = await rowsOf<{ id: number; title: string; received_at: string; read_at: string | null }>(
    await db(),
    sql`
    SELECT n.id, n.title, r.created_at AS received_at, r.read_at
    FROM notification_recipients AS r JOIN notifications AS n ON n.id = r.notification_id
    WHERE r.user_id = ${userId}::int
    ORDER BY r.created_at DESC LIMIT ${RECORD_LIMIT}`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    title: row.title,
    received_at: iso(row.received_at),
    read_at: row.read_at === null ? null : iso(row.read_at),
  }));
}

export async function supportThreads(userId: number): Promise<SupportThread[]> {
  const rows = await rowsOf<{ id: number; subject: string; status: string; last_message_at: string }>(
    await db(),
    sql`
    SELECT id, subject, status, last_message_at FROM support_queries
    WHERE user_id = ${userId}::int
    ORDER BY created_at DESC LIMIT ${RECORD_LIMIT}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), last_message_at: iso(row.last_message_at) }));
}
