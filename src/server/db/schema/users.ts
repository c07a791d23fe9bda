import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, oneOf, timestamps } from './columns';

export const USER_STATUSES = ['active', 'blocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

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
    ...timestamps,
  },
  (t) => [
    oneOf('users_status_check', t.status, USER_STATUSES),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_external_id_key').on(t.externalId),
    index('users_status_created_idx').on(t.status, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    // One trigram index over the searchable text serves "contains" search on name, email and phone.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`,
    ),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
