import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_STATES,
} from '../../../shared/notifications/notification-input';
import { USER_STATUSES } from '../../../shared/users/user-input';
import { admins } from './admins';
import { id, oneOf, timestamps } from './columns';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /**
     * Who it goes to: `users` (the ids in `target_user_ids` until it is sent, then its recipient
     * rows) or `all` (every user who is not blocked, narrowed by `audience_status` and
     * `audience_search` when set). Evaluated when the send goes out, so a scheduled send to
     * everyone reaches the users who exist at that moment.
     */
    audience: text('audience', { enum: NOTIFICATION_AUDIENCES }).notNull().default('users'),
    audienceStatus: text('audience_status', { enum: USER_STATUSES }),
    audienceSearch: text('audience_search'),
    targetUserIds: integer('target_user_ids').array(),
    /** scheduled → sending → sent; scheduled → cancelled. Only `sent` ones reach inboxes. */
    state: text('state', { enum: NOTIFICATION_STATES }).notNull().default('sent'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A send in progress fans out in user-id order; this is the last user id done, so it can resume. */
    fanoutCursor: integer('fanout_cursor'),
    /** Which server holds a send in progress, until when: another may take it over after that. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    /** Blocked users the audience named, left out. */
    skippedCount: integer('skipped_count').notNull().default(0),
    /** Kept in the same transaction as the recipient rows it counts (POST /api/app/notifications/read). */
    readCount: integer('read_count').notNull().default(0),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    oneOf('notifications_audience_check', t.audience, NOTIFICATION_AUDIENCES),
    oneOf('notifications_state_check', t.state, NOTIFICATION_STATES),
    index('notifications_created_idx').on(t.createdAt),
    index('notifications_state_created_idx').on(t.state, t.createdAt),
    // The worker's "what is due" scan stays small: only sends not yet finished are indexed.
    index('notifications_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.state} in ('scheduled', 'sending')`),
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
    // No foreign keys here, deliberately: PostgreSQL checks a foreign key row by row, which made a
    // send to 1M users take 15.7 s instead of 3.75 s. The rows are written only by INSERT … SELECT
    // from `users` for a notification written in the same transaction, and the cascades are kept
    // as statement-level triggers (migration 0006): deleting a user or a notification still deletes
    // its recipient rows, set-based.
    notificationId: integer('notification_id').notNull(),
    userId: integer('user_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.userId] }),
    index('notification_recipients_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Answers to requests that carried an `Idempotency-Key`: a retry with the same key (same admin,
 * same endpoint) gets the first answer back instead of doing the work again. Kept for a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body: the same key with a different body is refused, not replayed. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    response: text('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
