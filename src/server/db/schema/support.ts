import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, oneOf, timestamps } from './columns';
import { users } from './users';

export const SUPPORT_STATUSES = ['open', 'in_progress', 'resolved'] as const;

export const supportQueries = pgTable(
  'support_queries',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    ...timestamps,
  },
  (t) => [
    oneOf('support_queries_status_check', t.status, SUPPORT_STATUSES),
    index('support_queries_status_created_idx').on(t.status, t.createdAt),
    index('support_queries_created_idx').on(t.createdAt),
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
    message: text('message').notNull(),
    ...timestamps,
  },
  (t) => [index('support_replies_query_idx').on(t.queryId)],
);
export type SupportReply = typeof supportReplies.$inferSelect;
