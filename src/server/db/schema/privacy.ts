import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins, apiKeys } from './admins';
import { users } from './users';

/**
 * A player's erasure (GDPR art. 17): asked for by an admin or by the product on the player's
 * behalf, carried out by the background worker once `scheduled_for` has passed. The row stays
 * after the erasure (`erased_at`), so a second request is told it is done.
 */
export const userErasures = pgTable(
  'user_erasures',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    requestedBy: integer('requested_by').references(() => admins.id, { onDelete: 'set null' }),
    requestedByKey: integer('requested_by_key').references(() => apiKeys.id, { onDelete: 'set null' }),
    /** The batch the worker reached (erasure-steps.ts); null before the first. */
    step: text('step'),
    /** When a worker last took a batch of it: the least recently served erasure goes next. */
    progressedAt: timestamp('progressed_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_erasures_due_idx')
      .on(t.scheduledFor)
      .where(sql`${t.erasedAt} is null`),
  ],
);
export type UserErasure = typeof userErasures.$inferSelect;

/**
 * What is left of an erased player's product id: its SHA-256, so `POST /api/app/users` can refuse
 * to write the player back (a replayed sync, a restored product backup) without keeping the id.
 */
export const erasureTombstones = pgTable('erasure_tombstones', {
  externalIdHash: text('external_id_hash').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
