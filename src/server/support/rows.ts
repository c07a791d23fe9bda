import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SupportRow } from '../../shared/support/support-input';
import type { Db, Tx } from '../db/client';
import { admins, supportQueries, users } from '../db/schema';
import { adminDisplayName } from '../admins/display-name';

/** How a query reads in the list and at the head of its thread: with its user and assignee. */

const assignee = alias(admins, 'assignee');

const columns = {
  id: supportQueries.id,
  subject: supportQueries.subject,
  message: supportQueries.message,
  status: supportQueries.status,
  waiting_since: supportQueries.waitingSince,
  reply_count: supportQueries.replyCount,
  last_message_at: supportQueries.lastMessageAt,
  created_at: supportQueries.createdAt,
  user_id: users.id,
  user_first: users.firstName,
  user_last: users.lastName,
  user_email: users.email,
  assignee_id: assignee.id,
  assignee_name: adminDisplayName(assignee.firstName, assignee.lastName),
};

export function selectQueries(run: Db | Tx, where: SQL | undefined) {
  return run
    .select(columns)
    .from(supportQueries)
    .leftJoin(users, eq(users.id, supportQueries.userId))
    .leftJoin(assignee, eq(assignee.id, supportQueries.assigneeId))
    .where(where);
}

type Selected = Awaited<ReturnType<typeof selectQueries>>[number];

export const iso = (value: Date | string) => new Date(value).toISOString();

export function toSupportRow(row: Selected): SupportRow {
  return {
    id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status,
    user:
      row.user_id === null
        ? null
        : { id: row.user_id, name: `${row.user_first} ${row.user_last}`, email: row.user_email ?? '' },
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, name: row.assignee_name ?? '' },
    waiting_since: row.waiting_since === null ? null : iso(row.waiting_since),
    reply_count: row.reply_count,
    last_message_at: iso(row.last_message_at),
    created_at: iso(row.created_at),
  };
}

/** Open first, then in progress, then resolved: the expression `support_queries_open_first_idx` leads with. */
export const statusRank = sql`CASE ${supportQueries.status} WHEN 'open' THEN 0 WHEN 'in_progress' THEN 1 ELSE 2 END`;

/** Latest activity first; the index `support_queries_activity_idx` is in this order. */
export const byActivity = [
  sql`${supportQueries.lastMessageAt} DESC NULLS LAST`,
  sql`${supportQueries.id} DESC NULLS LAST`,
];
