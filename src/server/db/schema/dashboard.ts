import { bigint, date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The dashboard's rollups, kept exact by statement-level triggers on the tables they count (the
 * dashboard migration's custom block), so every writer (API, seed, psql) updates them in its own
 * transaction. `shard` spreads parallel writers of one bucket over several rows (a row per
 * transaction id modulo 8), so busy inserts do not queue behind one hot row; readers sum shards.
 *
 * Metrics: `users.active`, `users.blocked` (by created_at), `games` (by played_at),
 * `puzzles.<status>` (by created_at), `notifications.sent` (by sent_at), `support.<status>`
 * (by created_at).
 */
export const dashboardTotals = pgTable(
  'dashboard_totals',
  {
    metric: text('metric').notNull(),
    shard: smallint('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.shard] })],
);

/**
 * Rows per metric per 15-minute UTC bucket: every real UTC offset (+05:30, +05:45, −03:30) is a
 * multiple of 15 minutes, so any time zone's calendar day is a whole number of buckets.
 */
export const dashboardBuckets = pgTable(
  'dashboard_buckets',
  {
    metric: text('metric').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    shard: smallint('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  // Bucket first: a dashboard reads every metric's buckets since a day, one index range.
  (t) => [primaryKey({ columns: [t.bucket, t.metric, t.shard] })],
);

/**
 * The same counts per UTC hour, written by the same trigger statements: a zone whose local
 * midnights over the period all fall on whole UTC hours (most zones, DST included) folds a fourth
 * of the rows into its days; +05:30, +05:45, −03:30 zones use the 15-minute buckets.
 */
export const dashboardHourBuckets = pgTable(
  'dashboard_hour_buckets',
  {
    metric: text('metric').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    shard: smallint('shard').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.metric, t.shard] })],
);

/**
 * Plays per puzzle per UTC day: a range's top puzzles are these days plus an exact count of the
 * partial days at its edges from dashboard_puzzle_buckets (src/server/dashboard/top-puzzles.ts).
 */
export const dashboardPuzzleDays = pgTable(
  'dashboard_puzzle_days',
  {
    puzzleId: integer('puzzle_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    plays: bigint('plays', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.puzzleId, t.shard] })],
);

/**
 * Plays per puzzle per 15-minute UTC bucket: the partial days at a range's edges (between a local
 * midnight and the nearest UTC midnight, at most 48 buckets) come from here rather than from
 * game_history, so top puzzles cost the same at 10 million plays as at ten thousand.
 */
export const dashboardPuzzleBuckets = pgTable(
  'dashboard_puzzle_buckets',
  {
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    puzzleId: integer('puzzle_id').notNull(),
    shard: smallint('shard').notNull(),
    plays: bigint('plays', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.puzzleId, t.shard] })],
);
