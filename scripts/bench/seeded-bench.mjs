// What the seeded benchmarks (bench:games, bench:dashboard, bench:audit) share: running npm steps,
// the data dir they may wipe, the server's environment and latency figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command in the project to completion (output shown); the seconds it took. */
export function run(command, args, env = process.env) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return (performance.now() - started) / 1000;
}

/**
 * Where the server keeps its data: a fresh temp dir for the mail outbox when PostgreSQL holds the
 * data; otherwise `dataDir`, wiped for a seed only if absent or marked by `script` (so a wrong
 * --data-dir never loses real data), or checked for data with --no-seed.
 */
export function prepareDataDir({ dataDir, seed, databaseUrl, script }) {
  if (databaseUrl) return fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-bench-mail-'));
  if (!seed) {
    if (!fs.existsSync(path.join(dataDir, 'pglite')))
      throw new Error(`--no-seed: no PGlite data in ${dataDir}`);
    return dataDir;
  }
  const marker = path.join(dataDir, `.puzzle-admin-${path.basename(script, '.mjs')}`);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    if (!fs.existsSync(marker)) throw new Error(`${dataDir} holds data this script did not make`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(marker, `made by scripts/${script}; safe to delete\n`);
  return dataDir;
}

/**
 * The benchmarked server's environment: `admin` as its first admin, no SMTP (the sign-in code
 * lands in DATA_DIR/outbox), no demo rows and no PUBLIC_URL from the shell, and `databaseUrl`'s
 * PostgreSQL when given.
 */
export function serverEnv({ dataDir, admin, databaseUrl, extra = {} }) {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
  Object.assign(env, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...extra });
  for (const name of ['SMTP_URL', 'SEED_DEMO', 'PUBLIC_URL', 'DATABASE_URL']) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

/** Median, p95 and max of request times. */
export function latency(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor((sorted.length - 1) / 2)],
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
}
