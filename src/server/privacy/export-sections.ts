import { sql } from 'drizzle-orm';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';

/** Rows per query: a batch and its JSON stay young garbage, whatever the player's record. */
export const EXPORT_BATCH = 1000;

/**
 * A keyset position: the last row's sort key, as PostgreSQL's own text (a JavaScript Date would
 * drop the microseconds, and the next batch would start again inside this one), and its id.
 */
export type Cursor = { at: string; id: number };

/**
 * One part of the export, under its own name in the document: a single value, or a list read in
 * keyset batches (`next` answers the batch after `cursor`, empty when done).
 */
export type ExportSection =
  | { name: string; one: (userId: number) => Promise<unknown> }
  | { name: string; next: (userId: number, cursor: Cursor | null) => Promise<ExportBatch> };
export interface ExportBatch {
  rows: unknown[];
  cursor: Cursor | null;
}

const after = (cursor: Cursor | null, at: ReturnType<typeof sql>, id: ReturnType<typeof sql>) =>
  cursor ? sql`AND (${at}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::int)` : sql``;

/** Runs a batch query whose rows carry `cursor_at` and `id`, and drops `cursor_at` from them. */
async function batch(query: ReturnType<typeof sql>): Promise<ExportBatch> {
  const rows = await rowsOf<Record<string, unknown> & { cursor_at: string; id: number }>(await db(), query);
  const last = rows.at(-1);
  return {
    rows: rows.map(({ cursor_at: _at, ...row }) => row),
    cursor: last ? { at: last.cursor_at, id: last.id } : null,
  };
}

const profile: ExportSection = {
  name: 'profile',
  one: async (userId) =>
    (
      await rowsOf(
        await db(),
        sql`SELECT u.id, u.external_id, u.first_name, u.last_name, u.email, u.phone, u.profile, u.status,
              u.created_at, u.updated_at, u.last_active_at,
              e.scheduled_for AS erasure_scheduled_for, e.erased_at
            FROM users u LEFT JOIN user_erasures e ON e.user_id = u.id
            WHERE u.id = ${userId}`,
      )
    )[0] ?? null,
};

const plays: ExportSection = {
  name: 'plays',
  next: (userId, cursor) =>
    batch(sql`SELECT g.played_at::text AS cursor_at, g.id, g.puzzle_id, p.title AS puzzle_title, g.score,
                g.duration, g.result, g.played_at
              FROM game_history g LEFT JOIN puzzles p ON p.id = g.puzzle_id
              WHERE g.user_id = ${userId} ${after(cursor, sql`g.played_at`, sql`g.id`)}
              ORDER BY g.played_at, g.id
              LIMIT ${EXPORT_BATCH}::int`),
};

const notificationsReceived: ExportSection = {
  name: 'notifications',
  next: (userId, cursor) =>
    batch(sql`SELECT r.created_at::text AS cursor_at, n.id, n.title, n.message, r.created_at AS received_at,
                r.read_at
              FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id
              WHERE r.user_id = ${userId} AND n.state = 'sent'
                ${after(cursor, sql`r.created_at`, sql`n.id`)}
              ORDER BY r.created_at, n.id
              LIMIT ${EXPORT_BATCH}::int`),
};

/** Each thread with its messages (the player's, our replies, and internal notes about it). */
const supportThreads: ExportSection = {
  name: 'support_threads',
  next: async (userId, cursor) => {
    const threads =
      await batch(sql`SELECT q.created_at::text AS cursor_at, q.id, q.subject, q.message, q.status,
          q.created_at, q.updated_at
        FROM support_queries q
        WHERE q.user_id = ${userId} ${after(cursor, sql`q.created_at`, sql`q.id`)}
        ORDER BY q.created_at, q.id
        LIMIT ${EXPORT_BATCH / 10}::int`);
    const ids = threads.rows.map((row) => (row as { id: number }).id);
    if (ids.length === 0) return threads;
    const messages = await rowsOf<{ query_id: number }>(
      await db(),
      sql`SELECT query_id, id, kind, message, created_at FROM support_replies
          WHERE query_id IN ${ids} ORDER BY query_id, id`,
    );
    const byThread = Map.groupBy(messages, (message) => message.query_id);
    return {
      cursor: threads.cursor,
      rows: threads.rows.map((row) => {
        const thread = row as { id: number };
        return {
          ...thread,
          messages: (byThread.get(thread.id) ?? []).map(({ query_id: _q, ...message }) => message),
        };
      }),
    };
  },
};

/**
 * The audit entries about the player, as the record of what was done to their data: the action,
 * when, by whom, and its detail. The acting admin's address, IP and browser are left out: they
 * are the admin's data, not the player's, and nothing secret is ever written to `detail`.
 */
const auditEntries: ExportSection = {
  name: 'audit',
  next: (userId, cursor) =>
    batch(sql`SELECT a.at::text AS cursor_at, a.id, a.at, a.action,
                CASE WHEN a.admin_id IS NOT NULL OR a.actor_name IS NOT NULL THEN 'admin'
                     WHEN a.api_key_id IS NOT NULL THEN 'product' ELSE 'system' END AS actor,
                a.actor_name, a.detail
              FROM audit_log a
              WHERE a.target = ${`users:${userId}`} ${after(cursor, sql`a.at`, sql`a.id`)}
              ORDER BY a.at, a.id
              LIMIT ${EXPORT_BATCH}::int`),
};

/** The player's bans, each with its reason and span (who decided is the staff's, not the player's). */
const bans: ExportSection = {
  name: 'bans',
  next: (userId, cursor) =>
    batch(sql`SELECT b.created_at::text AS cursor_at, b.id, b.reason, b.created_at AS banned_at, b.until,
                b.lifted_at
              FROM user_bans b
              WHERE b.user_id = ${userId} ${after(cursor, sql`b.created_at`, sql`b.id`)}
              ORDER BY b.created_at, b.id
              LIMIT ${EXPORT_BATCH}::int`),
};

/** What the staff wrote about the player (its authors stay out, as in the audit section). */
const notes: ExportSection = {
  name: 'notes',
  next: (userId, cursor) =>
    batch(sql`SELECT n.created_at::text AS cursor_at, n.id, n.text, n.created_at
              FROM user_notes n
              WHERE n.user_id = ${userId} ${after(cursor, sql`n.created_at`, sql`n.id`)}
              ORDER BY n.created_at, n.id
              LIMIT ${EXPORT_BATCH}::int`),
};

/** The document's parts, in order: adding a part is adding its section here. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  profile,
  bans,
  notes,
  plays,
  notificationsReceived,
  supportThreads,
  auditEntries,
];
