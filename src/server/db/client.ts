import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { config } from '../config';
import { forgetProcessGlobal, peekProcessGlobal, processGlobal } from '../process-global';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL text with several statements (migrations, seeding). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite in `dataDir/pglite`. */
  url?: string;
  dataDir: string;
}

export async function openDatabase({ url, dataDir }: DatabaseOptions): Promise<Database> {
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client that loses its server emits 'error' (and the pool drops it); without a
    // listener that would crash the process. The requests that find the server gone log it.
    pool.on('error', () => {});
    // A client checked out when its server goes away emits 'error' too, on itself (the pool only
    // listens while it is idle): unheard, that would be an uncaught exception ending the process.
    // Its query rejects all the same, and the request that made it answers 503.
    pool.on('connect', (client) => client.on('error', () => {}));
    return {
      db: drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db,
      kind: 'postgres',
      exec: async (text) => void (await pool.query(text)),
      close: () => pool.end(),
    };
  }
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'pglite',
    exec: async (text) => void (await client.exec(text)),
    close: () => client.close(),
  };
}

/**
 * The process's one database: the Node entry opens it before serving, Astro's bundle shares it.
 * A failed opening is not kept, so the next call tries again rather than failing for good. (A
 * PostgreSQL pool opens nothing up front; its connections come and go with the server, so an
 * outage leaves no broken state here: the first request after it gets a fresh connection.)
 */
export function database(): Promise<Database> {
  return processGlobal('database', () => {
    const opening = openDatabase({ url: config().DATABASE_URL, dataDir: config().dataDir });
    opening.catch(() => forgetProcessGlobal('database'));
    return opening;
  });
}

export async function db(): Promise<Db> {
  return (await database()).db;
}

/** Closes the database and forgets the secrets cached for it. */
export async function closeDatabase(): Promise<void> {
  const pending = peekProcessGlobal<Promise<Database>>('database');
  forgetProcessGlobal('database');
  forgetProcessGlobal('server-secrets');
  if (pending) await (await pending).close();
}

/** Resolves when the database answers; used by /readyz. */
export async function ping(timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    const answer = (async () => {
      await (await db()).execute(sql`select 1`);
      return true;
    })().catch(() => false);
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
