import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of a raw statement: node-postgres and PGlite both answer with `rows`; drizzle types them per driver. */
export async function rowsOf<T>(run: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await run.execute(query)) as unknown as { rows: T[] }).rows;
}
