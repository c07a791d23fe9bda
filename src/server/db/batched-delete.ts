import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { rowsOf } from './rows';

/** Rows deleted per statement: small enough that no request waits long behind one. */
export const DELETE_BATCH = 5_000;

export interface BatchedDelete {
  table: PgTable;
  /** Its key column's name (`id`, or `key` for the throttle counts). */
  key: string;
  /** Which rows go. */
  where: SQL;
  /** Rows per statement, when not DELETE_BATCH. */
  batch?: number;
}

/**
 * Deletes the rows `where` picks, one batch per statement, and answers how many went. Every
 * instance may run it at once: each batch claims its rows with `FOR UPDATE SKIP LOCKED`, so two
 * purges share the work instead of waiting on each other, and a row a request holds is left for
 * the next round. Between batches the event loop takes its other turns.
 */
export async function deleteInBatches(
  database: Db,
  { table, key, where, batch: size = DELETE_BATCH }: BatchedDelete,
  stopping: () => boolean = () => false,
): Promise<number> {
  const column = sql.identifier(key);
  let deleted = 0;
  for (;;) {
    const [batch] = await rowsOf<{ n: number }>(
      database,
      sql`
      WITH doomed AS (
        SELECT ${column} FROM ${table} WHERE ${where}
        LIMIT ${size}::int
        FOR UPDATE SKIP LOCKED
      ), gone AS (
        DELETE FROM ${table} AS t USING doomed WHERE t.${column} = doomed.${column} RETURNING 1
      )
      SELECT count(*)::int AS n FROM gone`,
    );
    deleted += batch?.n ?? 0;
    if (!batch?.n || stopping()) break;
    await yieldToRequests();
  }
  return deleted;
}
