import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { USER_STATUSES } from '../../../shared/users/user-input';
import { id, oneOf, timestamps } from './columns';

export { USER_STATUSES, type UserStatus } from '../../../shared/users/user-input';

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    profile: text('profile'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /** The product's own id for this user, set when the product syncs users through /api/app. */
    externalId: text('external_id'),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /**
     * When the ban in force ends (null: permanent, or no ban). Reads treat a `blocked` row whose
     * end has passed as active at once; the worker writes the change later (server/users/bans.ts).
     */
    bannedUntil: timestamp('banned_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    oneOf('users_status_check', t.status, USER_STATUSES),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_external_id_key').on(t.externalId),
    index('users_status_created_idx').on(t.status, t.createdAt),
    index('users_created_idx').on(t.createdAt, t.id),
    // The list's other sorts: by name, and by last activity (never-active users last).
    index('users_name_idx').on(t.firstName, t.lastName, t.id),
    // Finds who still uses an image before it is dropped (src/server/images/store.ts).
    index('users_profile_idx')
      .on(t.profile)
      .where(sql`${t.profile} is not null`),
    // Bans that end on their own: the worker's queue, "bans ending today", the list's counts.
    index('users_ban_end_idx')
      .on(t.bannedUntil)
      .where(sql`${t.status} = 'blocked' and ${t.bannedUntil} is not null`),
    index('users_last_active_idx').on(t.lastActiveAt.desc().nullsLast(), t.id.desc()),
    // One trigram index over the searchable text serves "contains" search on name, email and phone.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Users per status, kept exact by statement-level triggers on `users` (migration 0002), so an
 * unfiltered list's total is one row read instead of a count over millions.
 */
export const userCounts = pgTable('user_counts', {
  status: text('status').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});
