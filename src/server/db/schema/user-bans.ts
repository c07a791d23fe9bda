import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps } from './columns';
import { users } from './users';

/**
 * Every ban a player has had: the one in force has no `lifted_at`. The player's standing itself is
 * on `users` (`status`, `banned_until`) so that a list read needs no join; this table is the
 * history and the reason. A ban that ran out and that the worker closed has `lifted_at` = `until`
 * and no `lifted_by` (the system lifted it).
 */
export const userBans = pgTable(
  'user_bans',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null only for a block through `changestatus` given without a reason. */
    reason: text('reason'),
    /** Null: permanent. */
    until: timestamp('until', { withTimezone: true }),
    bannedBy: integer('banned_by').references(() => admins.id, { onDelete: 'set null' }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('user_bans_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // At most one ban in force per player: the last line behind the row lock the writers take.
    uniqueIndex('user_bans_open_key')
      .on(t.userId)
      .where(sql`${t.liftedAt} is null`),
  ],
);
export type UserBan = typeof userBans.$inferSelect;

/** What admins write down about a player; never shown to the player. */
export const userNotes = pgTable(
  'user_notes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => admins.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    ...timestamps,
  },
  (t) => [index('user_notes_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
export type UserNote = typeof userNotes.$inferSelect;
