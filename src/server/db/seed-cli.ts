/**
 * `npm run seed -- --users N --games M`: adds demo data to the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR). On PGlite, stop the server first: a data dir serves one process.
 */
import { parseArgs } from 'node:util';
import { config, ConfigError, type Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { SEED_LIMITS, seedDemoData, type SeedCounts, type SeedReport } from './seed';

const USAGE = `Usage: npm run seed -- [--users N] [--games M]
  --users  users to add (default 1000, at most ${SEED_LIMITS.users})
  --games  game plays to add (default 5 per user, at most 1,000,000 unless given)`;
const DEFAULT_USERS = 1000;
/** Five plays per user reads well on the dashboard; past a million the default only costs time. */
const DEFAULT_GAMES_CAP = 1_000_000;

class UsageError extends Error {}

function parseCount(
  flag: string,
  raw: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function parseSeedArgs(args: string[]): SeedCounts {
  let values: { users?: string; games?: string };
  try {
    ({ values } = parseArgs({
      args,
      options: { users: { type: 'string' }, games: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const users = parseCount('users', values.users, DEFAULT_USERS, 1, SEED_LIMITS.users);
  const games = parseCount(
    'games',
    values.games,
    Math.min(users * 5, DEFAULT_GAMES_CAP),
    0,
    SEED_LIMITS.games,
  );
  return { users, games };
}

/** Where the data goes, without the password a DATABASE_URL may carry. */
function describeTarget(url: string | undefined, dataDir: string): string {
  if (!url) return `PGlite in ${dataDir}/pglite`;
  const { hostname, port, pathname } = new URL(url);
  return `PostgreSQL at ${hostname}${port ? `:${port}` : ''}${pathname}`;
}

function printSummary(report: SeedReport, totalMs: number): void {
  const width = Math.max(...Object.keys(report.inserted).map((table) => table.length));
  console.log('\nRows added:');
  for (const [table, rows] of Object.entries(report.inserted)) {
    console.log(`  ${table.padEnd(width)}  ${rows.toLocaleString('en').padStart(11)}`);
  }
  console.log(
    `Seeded in ${(report.elapsedMs / 1000).toFixed(1)} s (${(totalMs / 1000).toFixed(1)} s in all).`,
  );
}

async function main(): Promise<number> {
  const started = performance.now();
  let counts: SeedCounts;
  let settings: Config;
  try {
    counts = parseSeedArgs(process.argv.slice(2));
    settings = config();
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else if (error instanceof ConfigError) console.error(error.message);
    else throw error;
    return 2;
  }
  const { DATABASE_URL: url, dataDir } = settings;
  console.log(`Seeding ${describeTarget(url, dataDir)}: ${counts.users} users, ${counts.games} games`);
  let database: Database | undefined;
  try {
    database = await openDatabase({ url, dataDir });
    await migrate(database);
    // PGlite's data dir belongs to this process alone, so the faster exclusive load is safe there;
    // a PostgreSQL server may be serving the admin meanwhile.
    const report = await seedDemoData(database, counts, (line) => console.log(`  ${line}`), {
      exclusive: database.kind === 'pglite',
    });
    printSummary(report, performance.now() - started);
    return 0;
  } catch (error) {
    // Drizzle wraps driver errors with the whole query; the driver's own message says what went wrong.
    const { message, cause } = error as Error;
    console.error(`Seeding failed: ${cause instanceof Error ? cause.message : message}`);
    if (!url)
      console.error('If the server is running on this DATA_DIR, stop it first: PGlite allows one process.');
    return 1;
  } finally {
    await database?.close();
  }
}

process.exitCode = await main();
