import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps } from './columns';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** How the audience was chosen: `users`, `all` or `status:<status>`. */
    audience: text('audience').notNull().default('users'),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt),
    index('notifications_search_trgm_idx').using(
      'gin',
      sql`(${t.title} || ' ' || ${t.message}) gin_trgm_ops`,
    ),
  ],
);
export type Notification = typeof notifications.$inferSelect;

export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_recipients_user_idx').on(t.userId, t.createdAt),
  ],
);
