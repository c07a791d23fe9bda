import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { WEBHOOK_MESSAGE_STATES } from '../../../shared/webhooks/webhook-input';
import { admins } from './admins';
import { id, oneOf } from './columns';

/** An endpoint of the product's that is told about events (Standard Webhooks). */
export const webhooks = pgTable('webhooks', {
  id: id(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  /**
   * `whsec_` + base64 of 32 random bytes. Kept as is: every delivery is signed with it, so it cannot
   * be stored hashed like an API key; it is shown once and never leaves the server again.
   */
  secret: text('secret').notNull(),
  createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The first failure of the current run of failures; null after a success. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  /** Turned off after failing for three days (Owners are mailed). */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});
export type Webhook = typeof webhooks.$inferSelect;

/**
 * The outbox: one row per event and endpoint, written in the transaction of the change it tells
 * about. Its `message_id` is the `webhook-id` header of every attempt, retries included.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: id(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull().unique(),
    type: text('type').notNull(),
    payload: text('payload').notNull(),
    state: text('state', { enum: WEBHOOK_MESSAGE_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may next be tried; also the claim's lease while an attempt is under way. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    oneOf('webhook_messages_state_check', t.state, WEBHOOK_MESSAGE_STATES),
    index('webhook_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_messages_webhook_idx').on(t.webhookId, t.id),
    // The retention sweep (worker.ts) finds settled deliveries by age.
    index('webhook_messages_created_idx').on(t.createdAt),
  ],
);
export type WebhookMessage = typeof webhookMessages.$inferSelect;

/** Each try of a message: what the endpoint answered (at most 1 kB of it), and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    messageId: integer('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    /** Why no answer came (timeout, refused address, connection error), in a word or two. */
    error: text('error'),
    response: text('response'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_attempts_webhook_idx').on(t.webhookId, t.id),
    // A delivery's attempts go with it (the retention sweep, an endpoint deleted).
    index('webhook_attempts_message_idx').on(t.messageId),
  ],
);
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
