import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SUPPORT_STATUSES, SUPPORT_MESSAGE_KINDS, MAIL_STATES } from '../../../shared/support/support-input';
import { admins } from './admins';
import { id, oneOf, timestamps } from './columns';
import { users } from './users';

export { SUPPORT_STATUSES, SUPPORT_MESSAGE_KINDS, MAIL_STATES } from '../../../shared/support/support-input';

export const supportQueries = pgTable(
  'support_queries',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => admins.id, { onDelete: 'set null' }),
    /** When the user's oldest unanswered message arrived; null while nobody is waiting for us. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** Messages after the first that the user sees (replies and follow-ups, never notes). */
    replyCount: integer('reply_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    oneOf('support_queries_status_check', t.status, SUPPORT_STATUSES),
    index('support_queries_status_created_idx').on(t.status, t.createdAt),
    index('support_queries_created_idx').on(t.createdAt),
    // The list's order (latest activity first), alone and under each filter.
    index('support_queries_activity_idx').on(t.lastMessageAt.desc(), t.id.desc()),
    index('support_queries_status_activity_idx').on(t.status, t.lastMessageAt.desc(), t.id.desc()),
    // The default order, open queries first (server/support/rows.ts, statusRank).
    index('support_queries_open_first_idx').on(
      sql`(CASE ${t.status} WHEN 'open' THEN 0 WHEN 'in_progress' THEN 1 ELSE 2 END)`,
      t.lastMessageAt.desc(),
      t.id.desc(),
    ),
    index('support_queries_assignee_activity_idx').on(t.assigneeId, t.lastMessageAt.desc(), t.id.desc()),
    index('support_queries_user_idx').on(t.userId, t.createdAt.desc()),
    index('support_queries_search_trgm_idx').using(
      'gin',
      sql`(${t.subject} || ' ' || ${t.message}) gin_trgm_ops`,
    ),
  ],
);
export type SupportQuery = typeof supportQueries.$inferSelect;

export const supportReplies = pgTable(
  'support_replies',
  {
    id: id(),
    queryId: integer('query_id')
      .notNull()
      .references(() => supportQueries.id, { onDelete: 'cascade' }),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** `user`: the user's follow-up; `reply`: an admin's answer (mailed); `note`: internal, never shown to the user. */
    kind: text('kind', { enum: SUPPORT_MESSAGE_KINDS }).notNull().default('reply'),
    message: text('message').notNull(),
    /** A reply's mail: `sending` (claimed), `sent`, `failed`; null for notes, follow-ups and old rows. */
    mailState: text('mail_state', { enum: MAIL_STATES }),
    mailAttemptedAt: timestamp('mail_attempted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    oneOf('support_replies_kind_check', t.kind, SUPPORT_MESSAGE_KINDS),
    oneOf('support_replies_mail_state_check', t.mailState, MAIL_STATES),
    index('support_replies_query_idx').on(t.queryId),
  ],
);
export type SupportReply = typeof supportReplies.$inferSelect;
