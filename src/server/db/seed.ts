import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from './client';
import { rowsOf } from './rows';
import { cmsPageRevisions, cmsPages } from './schema';
import { CMS_PAGES } from './seed-data';
import {
  auditInsert,
  demoAdminsInsert,
  gamesInsert,
  notificationsInsert,
  puzzlesInsert,
  supportInsert,
  usersInsert,
} from './seed-sql';

export interface SeedCounts {
  users: number;
  games: number;
  /** Audit entries by 50 demo administrators (made on first use); none by default. */
  audit?: number;
}

export type SeededTable =
  | 'users'
  | 'puzzles'
  | 'game_history'
  | 'notifications'
  | 'notification_recipients'
  | 'support_queries'
  | 'support_replies'
  | 'cms_pages'
  | 'admins'
  | 'audit_log';

export interface SeedReport {
  /** Rows this run added, per table (for `cms_pages`, the empty pages it wrote the demo text into). */
  inserted: Record<SeededTable, number>;
  elapsedMs: number;
}

export interface SeedOptions {
  /**
   * Nothing else uses the database meanwhile (the seed CLI on PGlite, whose data dir one process
   * owns). The whole seed is then one transaction, and a table that at least doubles gets its
   * secondary indexes rebuilt after the load: several times faster than updating them row by row.
   * Never set it for a database a running server shares: the rebuild locks the table throughout.
   */
  exclusive?: boolean;
}

export const SEED_LIMITS = { users: 10_000_000, games: 50_000_000, audit: 50_000_000 } as const;

/** Rows per INSERT: a statement stays a few seconds long even on PGlite, which runs one at a time. */
const BATCH_ROWS = 200_000;
const PUZZLE_TARGET = 60;
const NOTIFICATIONS_PER_RUN = 30;
const SUPPORT_QUERIES_PER_RUN = 200;
/** Recipients per notification stay bounded; "everyone" is only used while everyone is few. */
const MAX_RECIPIENTS = 1000;
const ALL_USERS_LIMIT = 10_000;
/** The team an audit seed spreads its entries over. */
const DEMO_ADMINS = 50;

type Run = Pick<Db, 'execute' | 'insert'>;
type Log = (line: string) => void;

/**
 * Adds demo data with set-based SQL (INSERT … SELECT over generate_series, in bounded batches).
 * Users, plays, notifications and support queries are added on every run; the puzzle catalogue is
 * topped up to 60; CMS pages are only written while still empty, so an admin's edits survive a re-seed.
 */
export async function seedDemoData(
  database: Database,
  counts: SeedCounts,
  log: Log = () => {},
  options: SeedOptions = {},
): Promise<SeedReport> {
  validateCounts(counts);
  const started = performance.now();
  const seed = (run: Run) => seedAll(run, counts, log, options.exclusive === true);
  const inserted = options.exclusive
    ? await database.db.transaction((tx) => seed(tx))
    : await seed(database.db);
  return { inserted, elapsedMs: Math.round(performance.now() - started) };
}

function validateCounts(counts: SeedCounts): void {
  const ranges: [keyof SeedCounts, number, number][] = [
    ['users', 1, SEED_LIMITS.users],
    ['games', 0, SEED_LIMITS.games],
    ['audit', 0, SEED_LIMITS.audit],
  ];
  for (const [field, min, max] of ranges) {
    const value = counts[field] ?? 0;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new RangeError(`${field} must be a whole number from ${min} to ${max} (got ${String(value)})`);
    }
  }
}

async function seedAll(run: Run, counts: SeedCounts, log: Log, exclusive: boolean) {
  const sequence = await userIdSequence(run);
  const users = await withIndexesRebuilt(run, 'users', counts.users, exclusive, log, () =>
    inBatches(run, 'users', counts.users, log, (rows) => usersInsert(sequence, rows)),
  );
  const puzzles = (await firstRow(run, puzzlesInsert(PUZZLE_TARGET))).n;
  const games = await withIndexesRebuilt(run, 'game_history', counts.games, exclusive, log, () =>
    inBatches(run, 'game_history', counts.games, log, gamesInsert),
  );
  const notes = await firstRow(
    run,
    notificationsInsert(NOTIFICATIONS_PER_RUN, MAX_RECIPIENTS, ALL_USERS_LIMIT),
  );
  const support = await firstRow(run, supportInsert(SUPPORT_QUERIES_PER_RUN));
  const audit = counts.audit ?? 0;
  const crew = audit > 0 ? (await firstRow(run, demoAdminsInsert(DEMO_ADMINS))).n : 0;
  const entries = await withIndexesRebuilt(run, 'audit_log', audit, exclusive, log, () =>
    inBatches(run, 'audit_log', audit, log, auditInsert),
  );
  const pages = await run
    .insert(cmsPages)
    .values([...CMS_PAGES])
    .onConflictDoUpdate({
      target: [cmsPages.slug, cmsPages.locale],
      set: { title: sql`excluded.title`, content: sql`excluded.content`, updatedAt: sql`now()` },
      setWhere: unwrittenPage,
    })
    .returning({ id: cmsPages.id });
  // The demo text is each page's revision 1, so an editor can always restore the original.
  if (pages.length > 0) {
    await run.execute(sql`INSERT INTO ${cmsPageRevisions} (page_id, title, content, effective_date)
      SELECT id, title, content, effective_date FROM ${cmsPages}
      WHERE id IN (${sql.join(
        pages.map((page) => sql`${page.id}`),
        sql`, `,
      )})`);
  }
  log('Analyzing the tables');
  // Fresh statistics, or the planner would treat a million rows like an empty table.
  await run.execute(sql`ANALYZE users, puzzles, game_history, notifications, notification_recipients,
    support_queries, support_replies, cms_pages, admins, audit_log, dashboard_totals, dashboard_buckets, dashboard_hour_buckets,
    dashboard_puzzle_days, dashboard_puzzle_buckets`);
  return {
    users,
    puzzles,
    game_history: games,
    notifications: notes.first,
    notification_recipients: notes.second,
    support_queries: support.first,
    support_replies: support.second,
    cms_pages: pages.length,
    admins: crew,
    audit_log: entries,
  };
}

/**
 * The empty page migration 0011 creates (never saved: no text and no revision). The demo text
 * fills it; a page an admin has saved, even empty, is theirs and stays.
 */
const unwrittenPage = sql`${cmsPages.content} = '' AND NOT EXISTS (
  SELECT 1 FROM ${cmsPageRevisions} WHERE ${cmsPageRevisions.pageId} = ${cmsPages.id})`;

async function inBatches(run: Run, label: string, total: number, log: Log, insert: (rows: number) => SQL) {
  const started = performance.now();
  let done = 0;
  while (done < total) {
    const added = (await firstRow(run, insert(Math.min(BATCH_ROWS, total - done)))).n;
    // A batch that adds nothing would otherwise repeat forever.
    if (added === 0) throw new Error(`${label}: a batch added no rows`);
    done += added;
    log(`${label}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} (${seconds(started)})`);
  }
  return done;
}

/**
 * With `enabled` and a load at least as big as the table, drops the table's secondary indexes and
 * its foreign keys, loads, then recreates them from their own catalogue definitions (so schema
 * changes carry over): one sorted build and one join instead of work per row. Primary keys and
 * UNIQUE constraints stay. Only safe in a transaction: any failure rolls the drops back too.
 */
async function withIndexesRebuilt(
  run: Run,
  table: string,
  rows: number,
  enabled: boolean,
  log: Log,
  load: () => Promise<number>,
): Promise<number> {
  if (!enabled || rows === 0) return load();
  const existing = await firstRow(run, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  if (rows < existing.n) return load();
  const structures = await rowsOf<{ drop_sql: string; create_sql: string }>(
    run,
    sql`SELECT format('DROP INDEX %I.%I', n.nspname, i.relname) AS drop_sql, pg_get_indexdef(i.oid) AS create_sql, 1 AS step
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
        WHERE x.indrelid = to_regclass(${table})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid)
        UNION ALL
        SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', c.conrelid::regclass, c.conname),
          format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)), 2
        FROM pg_constraint c
        WHERE c.conrelid = to_regclass(${table}) AND c.contype = 'f'
        ORDER BY step, create_sql`,
  );
  for (const { drop_sql } of structures) await run.execute(sql.raw(drop_sql));
  const loaded = await load();
  const started = performance.now();
  for (const { create_sql } of structures) await run.execute(sql.raw(create_sql));
  log(`${table}: rebuilt ${structures.length} indexes and foreign keys (${seconds(started)})`);
  return loaded;
}

/** The identity sequence's real name, so the users INSERT can draw ids before the row exists. */
async function userIdSequence(run: Run): Promise<string> {
  const [row] = await rowsOf<{ name: string | null }>(
    run,
    sql`SELECT pg_get_serial_sequence('users', 'id') AS name`,
  );
  if (!row?.name) throw new Error('users.id has no identity sequence: run the migrations first');
  return row.name;
}

/** The counts an insert statement answers with (`n`, or `first` and `second`). */
async function firstRow(run: Run, query: SQL): Promise<{ n: number; first: number; second: number }> {
  const [row = {}] = await rowsOf<{ n?: unknown; first?: unknown; second?: unknown }>(run, query);
  return { n: Number(row.n ?? 0), first: Number(row.first ?? 0), second: Number(row.second ?? 0) };
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}
