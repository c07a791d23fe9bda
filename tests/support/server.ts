import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { restoreEnvironment } from './environment';
import { TEST_ADMIN, TEST_HASH_COST } from './test-admin';

export { TEST_ADMIN };

export interface TestServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * With DATABASE_URL set, each server gets a database of its own on that PostgreSQL server, so
 * test files never see each other's rows; otherwise PGlite in the temp data dir.
 */
export async function freshPostgresDatabase(
  base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!base) return null;
  // Remember the server's URL: DATABASE_URL is pointed at the fresh database below.
  process.env.TEST_DATABASE_URL ??= base;
  const name = `test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts the real built server (dist/main.mjs) in this process on a free port, with a temp
 * DATA_DIR. The test's own imports of src/server reach the same database instance through
 * globalThis, so tests can prepare rows (sessions, admins) directly.
 */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
  { firstPassword = false, port = 0 }: { firstPassword?: boolean; port?: number } = {},
): Promise<TestServer> {
  const { dataDir, drop } = await prepareTestEnvironment(env);
  const main = '../../dist/main.mjs';
  const { startServer } = (await import(/* @vite-ignore */ main)) as typeof import('../../src/server/main');
  // A known port when PUBLIC_URL must name it (passkeys: http://localhost:<port>).
  const server = await startServer({ port, host: '127.0.0.1' });
  // TEST_ADMIN comes from ADMIN_PASSWORD, a first-start password that must be changed at the first
  // sign-in. Tests start as if that was done, unless they test it (`firstPassword: true`).
  if (!firstPassword) {
    const { db } = await import('../../src/server/db/client');
    const { admins } = await import('../../src/server/db/schema');
    await (await db()).update(admins).set({ mustChangePassword: false });
  }
  return {
    url: server.url,
    dataDir,
    async stop() {
      await server.stop();
      await drop();
    },
  };
}

/** Variables that change what a first start puts in the database: such a test starts from empty. */
const FIRST_START_SETTINGS = ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SEED_DEMO', 'PASSWORD_HASH_COST'];

/**
 * Points this process's configuration at a fresh temp data dir and a fresh database (PGlite, or a
 * new database on the PostgreSQL server when DATABASE_URL is set). `drop` removes both. The
 * database is a copy of the run's migrated template with the test admin (global-setup.ts), unless
 * `env` changes what a first start would create.
 */
export async function prepareTestEnvironment(env: Record<string, string | undefined> = {}) {
  await restoreEnvironment();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-test-'));
  const template = FIRST_START_SETTINGS.some((name) => name in env) ? null : inject('databaseTemplate');
  const postgres = await freshPostgresDatabase(undefined, template?.postgresName || undefined);
  if (template?.pgliteDir && !postgres) {
    fs.cpSync(path.join(template.pgliteDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  }
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DATABASE_URL: postgres?.url ?? '',
    PUBLIC_URL: '',
    SEED_DEMO: '',
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: String(TEST_HASH_COST),
  });
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  const { resetConfig } = await import('../../src/server/config');
  resetConfig();
  return {
    dataDir,
    async drop() {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
