/**
 * `npm run seed -- --users N --games M`: adds demo data to the configured database (DATABASE_URL,
 * else PGlite in DATA_DIR). On PGlite, stop the server first: a data dir serves one process.
 * Exit codes: 0 done, 1 seeding failed, 2 bad flags or environment.
 */
import { parseArgs } from 'node:util';
import { config, ConfigError, type Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { SEED_LIMITS, seedDemoData, type SeedCounts, type SeedReport } from './seed';

const DEFAULT_USERS = 1000;
/** Five plays per user reads well on the dashboard; past a million the default only costs time. */
const DEFAULT_GAMES_CAP = 1_000_000;

const USAGE = `Usage: npm run seed -- [--users N] [--games M] [--audit A] [--exclusive] [--help]
  --users      users to add (default ${DEFAULT_USERS}, at most ${SEED_LIMITS.users})
  --games      game plays to add (default 5 per user, at most ${DEFAULT_GAMES_CAP} by default)
  --audit      audit entries to add, by 50 demo administrators (default 0, at most ${SEED_LIMITS.audit})
  --exclusive  PostgreSQL only: no server uses this database, so load in one transaction and
               rebuild the indexes afterwards (about 3 times faster; always on for PGlite)`;

class UsageError extends Error {}

interface SeedArgs extends SeedCounts {
  exclusive: boolean;
  help: boolean;
}

function parseCount(flag: string, raw: string | undefined, range: { min: number; max: number }) {
  const value = raw !== undefined && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new UsageError(`--${flag} must be a whole number from ${range.min} to ${range.max}, got "${raw}"`);
  }
  return value;
}

function parseSeedArgs(args: string[]): SeedArgs {
  let values: { users?: string; games?: string; audit?: string; exclusive?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        users: { type: 'string' },
        games: { type: 'string' },
        audit: { type: 'string' },
        exclusive: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const users =
    values.users === undefined
      ? DEFAULT_USERS
      : parseCount('users', values.users, { min: 1, max: SEED_LIMITS.users });
  const games =
    values.games === undefined
      ? Math.min(users * 5, DEFAULT_GAMES_CAP)
      : parseCount('games', values.games, { min: 0, max: SEED_LIMITS.games });
  const audit =
    values.audit === undefined ? 0 : parseCount('audit', values.audit, { min: 0, max: SEED_LIMITS.audit });
  return { users, games, audit, exclusive: values.exclusive === true, help: values.help === true };
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
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    `Seeded in ${seconds(report.elapsedMs)} s (${seconds(totalMs)} s with start-up and migrations).`,
  );
}

async function main(): Promise<number> {
  const started = performance.now();
  let args: SeedArgs;
  let settings: Config;
  try {
    args = parseSeedArgs(process.argv.slice(2));
    settings = config();
  } catch (error) {
    if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
    else if (error instanceof ConfigError) console.error(error.message);
    else throw error;
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const { DATABASE_URL: url, dataDir } = settings;
  console.log(
    `Seeding ${describeTarget(url, dataDir)}: ${args.users} users, ${args.games} games, ${args.audit} audit entries`,
  );
  let database: Database | undefined;
  try {
    database = await openDatabase({ url, dataDir });
    await migrate(database);
    const counts = { users: args.users, games: args.games, audit: args.audit };
    const report = await seedDemoData(database, counts, (line) => console.log(`  ${line}`), {
      // A PGlite data dir belongs to this process alone; a PostgreSQL server may be serving the admin.
      exclusive: database.kind === 'pglite' || args.exclusive,
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
