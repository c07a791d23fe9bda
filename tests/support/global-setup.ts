import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildState } from '../../scripts/build-freshness.mjs';
import { useRunScratch } from './scratch';
import { TEST_ADMIN, TEST_HASH_COST } from './test-admin';

/** Where the migrated template lives, for `prepareTestEnvironment` (tests/support/server.ts). */
export interface DatabaseTemplate {
  /** A closed PGlite data dir holding `pglite/`, to copy; empty on the PostgreSQL pass. */
  pgliteDir: string;
  /** A database on the PostgreSQL server to `CREATE DATABASE … TEMPLATE`; empty on the PGlite pass. */
  postgresName: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * One template for the whole run, whichever project sets up first; the last project to tear down
 * removes it. Vitest runs every project's global setup in this one process.
 */
const shared = globalThis as typeof globalThis & {
  databaseTemplateRun?: { template: Promise<DatabaseTemplate>; projects: number; removeScratch: () => void };
};

/**
 * Runs once per `vitest run` and project: for the API and browser tests, refuses a `dist/` older
 * than its sources (those tests run the build, and would test stale code). Once for the run, makes
 * the folder everything the run writes goes to (scratch.ts), then migrates one database and gives
 * it the test admin, which every test server and service test copies instead of running the
 * migrations and hashing a password again.
 */
export default async function setup(project: TestProject) {
  const state = project.name === 'unit' ? 'fresh' : buildState(root);
  if (state !== 'fresh') {
    throw new Error(
      state === 'missing'
        ? 'No build in dist/: run `npm run build` before the API and browser tests.'
        : 'dist/ is older than its sources: run `npm run build` before the API and browser tests.',
    );
  }
  const base = process.env.DATABASE_URL;
  if (!shared.databaseTemplateRun) {
    // Before the template and the workers, which take TMPDIR from this process.
    const removeScratch = useRunScratch();
    const started = performance.now();
    const template = base ? postgresTemplate(base) : pgliteTemplate();
    void template.then(() =>
      console.log(`Test database template ready in ${Math.round(performance.now() - started)} ms.`),
    );
    shared.databaseTemplateRun = { template, projects: 0, removeScratch };
  }
  const run = shared.databaseTemplateRun;
  run.projects += 1;
  project.provide('databaseTemplate', await run.template);
  return async () => {
    run.projects -= 1;
    if (run.projects > 0) return;
    delete shared.databaseTemplateRun;
    const template = await run.template;
    if (base && template.postgresName) {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${template.postgresName}" WITH (FORCE)`);
      await client.end();
    }
    run.removeScratch();
  };
}

async function pgliteTemplate(): Promise<DatabaseTemplate> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-template-'));
  await fillTemplate({ dataDir: dir });
  return { pgliteDir: dir, postgresName: '' };
}

async function postgresTemplate(base: string): Promise<DatabaseTemplate> {
  const name = `template_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  await fillTemplate({ url: url.toString(), dataDir: os.tmpdir() });
  return { pgliteDir: '', postgresName: name };
}

/** Migrations and the test admin, exactly as a server's first start makes them. */
async function fillTemplate(options: { url?: string; dataDir: string }): Promise<void> {
  // The admin's password is hashed at the test servers' cost (config.ts, PASSWORD_HASH_COST). Put
  // back afterwards: the test workers start from this process's environment, and the unit tests
  // check the real cost.
  const saved = { NODE_ENV: process.env.NODE_ENV, PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST };
  Object.assign(process.env, { NODE_ENV: 'test', PASSWORD_HASH_COST: String(TEST_HASH_COST) });
  const { openDatabase } = await import('../../src/server/db/client');
  const { migrate } = await import('../../src/server/db/migrate');
  const { ensureFirstAdmin } = await import('../../src/server/db/first-run');
  const { parseConfig, resetConfig } = await import('../../src/server/config');
  resetConfig();
  const database = await openDatabase(options);
  try {
    await migrate(database);
    const cfg = parseConfig({
      ...process.env,
      DATABASE_URL: options.url ?? '',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      SEED_DEMO: '',
    });
    await ensureFirstAdmin(database, cfg, () => {});
  } finally {
    await database.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfig();
  }
}
