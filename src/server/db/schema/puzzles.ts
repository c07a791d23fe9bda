import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { PUZZLE_DIFFICULTIES, PUZZLE_STATUSES } from '../../../shared/puzzles/puzzle-input';
import { id, oneOf, timestamps } from './columns';
import { users } from './users';

export { PUZZLE_DIFFICULTIES, PUZZLE_STATUSES } from '../../../shared/puzzles/puzzle-input';
export const GAME_RESULTS = ['won', 'lost', 'abandoned'] as const;

export const puzzles = pgTable(
  'puzzles',
  {
    id: id(),
    title: text('title').notNull(),
    category: text('category').notNull(),
    difficulty: text('difficulty', { enum: PUZZLE_DIFFICULTIES }).notNull(),
    status: text('status', { enum: PUZZLE_STATUSES }).notNull().default('draft'),
    content: text('content').notNull().default(''),
    /**
     * Plays and the sum of their scores, kept exact by statement-level triggers on game_history
     * (custom SQL in the puzzles migration): the list shows plays and average score without
     * aggregating millions of plays per request.
     */
    plays: bigint('plays', { mode: 'number' }).notNull().default(0),
    scoreTotal: bigint('score_total', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    oneOf('puzzles_difficulty_check', t.difficulty, PUZZLE_DIFFICULTIES),
    oneOf('puzzles_status_check', t.status, PUZZLE_STATUSES),
    index('puzzles_status_created_idx').on(t.status, t.createdAt),
    index('puzzles_search_trgm_idx').using('gin', sql`(${t.title} || ' ' || ${t.category}) gin_trgm_ops`),
  ],
);
export type Puzzle = typeof puzzles.$inferSelect;

export const gameHistory = pgTable(
  'game_history',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    puzzleId: integer('puzzle_id')
      .notNull()
      .references(() => puzzles.id, { onDelete: 'cascade' }),
    score: integer('score').notNull().default(0),
    /** Seconds spent on the play. */
    duration: integer('duration').notNull().default(0),
    result: text('result', { enum: GAME_RESULTS }).notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    oneOf('game_history_result_check', t.result, GAME_RESULTS),
    index('game_history_user_played_idx').on(t.userId, t.playedAt),
    index('game_history_puzzle_played_idx').on(t.puzzleId, t.playedAt),
    index('game_history_played_idx').on(t.playedAt),
  ],
);
export type GamePlay = typeof gameHistory.$inferSelect;
