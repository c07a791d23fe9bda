// `npm run bench:users`: seeds a big database, starts the built server in a child process, signs
// in through the real sign-in API and prints how fast the users area answers (list, search,
// picker) and what the CSV export of every user costs in time and server memory, against the
// budgets of the users issue. A measurement tool: it exits 0 when budgets fail, 1 only when it
// could not measure.
//
//   npm run bench:users                                   1,000,000 users, 5,000,000 games, PGlite
//   npm run bench:users -- --users 20000 --games 100000   a quick run
//   npm run bench:users -- --keep, then -- --no-seed      seed once, measure again on the same data
//   DATABASE_URL=postgres://… npm run bench:users         that PostgreSQL database instead
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { agent, getJson, signIn } from './bench/users-http.mjs';
import { measureExport, printExports } from './bench/export-memory.mjs';
import { memoryOf, startServer, stopServer } from './bench/users-server.mjs';
import { mark, printTable } from './bench/table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `Usage: npm run bench:users -- [options]
  --users N       users to seed (default 1000000)
  --games M       game plays to seed (default 5000000)
  --runs R        measured requests per case (default 30, after the warm-ups)
  --exports E     CSV exports to measure one after the other (default 1)
  --no-seed       reuse the data already in --data-dir (or DATABASE_URL)
  --no-build      reuse dist/ instead of running npm run build
  --keep          keep the seeded PGlite data dir for a later --no-seed run
  --data-dir DIR  PGlite data dir (default ${path.join(os.tmpdir(), 'puzzle-admin-bench-users')})
With DATABASE_URL set, the seed and the server use that PostgreSQL database; point it at an empty
database that no server uses: the seed adds rows (it never deletes) and loads with --exclusive.`;

const ADMIN = { email: 'bench-users@example.test', password: 'bench horse battery staple' };
/** Written into a PGlite data dir this script made, so it only ever wipes its own directories. */
const MARKER = '.puzzle-admin-bench-users';
const WARMUPS = 3;
const LIST = '/api/admin/getusers';
/** DESIGN.md §5 names it `admin/get-users` under /api/admin/, hence the doubled segment. */
const PICKER = '/api/admin/admin/get-users';
const EXPORT = '/api/admin/exportusers';
const MB = 1_000_000;

/**
 * Search terms from the seed's word lists (src/server/db/seed-sql.ts, seed-data.ts): each matches
 * some rows but never all. A last name or a first name is about 2% of users, a first.last e-mail
 * pair 0.04%, a phone prefix ("+1 555 " then 7 digits) 0.1% to 0.01%.
 */
const SEARCHES = {
  'last-name fragment': ['ionesc', 'artinez', 'okafo', 'chmid'],
  'first name': ['Priya', 'Hiroshi', 'Camille', 'Mateo'],
  'email fragment': ['priya.patel', 'yuki.tanaka', 'wei.chen', 'omar.haddad'],
  'phone fragment': ['555 123', '555 987', '555 2468', '555 7531'],
};

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs(optionSpec(argv)));
  } catch (error) {
    throw new Error(`${error.message}\n${USAGE}`, { cause: error });
  }
  return optionsFrom(values);
}

function optionSpec(argv) {
  return {
    args: argv,
    options: {
      users: { type: 'string', default: '1000000' },
      games: { type: 'string', default: '5000000' },
      runs: { type: 'string', default: '30' },
      exports: { type: 'string', default: '1' },
      'no-seed': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  };
}

function optionsFrom(values) {
  const count = (flag, min) => {
    const value = Number(values[flag]);
    if (!Number.isSafeInteger(value) || value < min) {
      throw new Error(`--${flag} must be a whole number >= ${min}\n${USAGE}`);
    }
    return value;
  };
  return {
    users: count('users', 1),
    games: count('games', 0),
    runs: count('runs', 1),
    exports: count('exports', 1),
    seed: !values['no-seed'],
    build: !values['no-build'],
    keep: values.keep,
    help: values.help,
    databaseUrl: process.env.DATABASE_URL || undefined,
    // Never DATA_DIR from the environment: a developer's own ./data must not receive a million users.
    dataDir: path.resolve(values['data-dir'] ?? path.join(os.tmpdir(), 'puzzle-admin-bench-users')),
  };
}

// ---------------------------------------------------------------------------------------------
// Preparing the data

/** Runs a command to completion (output shown) and answers how many seconds it took. */
function run(command, args, env = process.env) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return (performance.now() - started) / 1000;
}

/**
 * The PGlite data dir: made fresh for a seed (only if absent or made by this script, so a wrong
 * --data-dir cannot wipe real data), or checked for existing data with --no-seed.
 */
function prepareDataDir(options) {
  const { dataDir } = options;
  if (options.databaseUrl) {
    // PostgreSQL holds the data; the data dir only receives the mail outbox (the sign-in code).
    return fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-bench-mail-'));
  }
  if (!options.seed) {
    if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
      throw new Error(`--no-seed: no PGlite data in ${dataDir} (seed once with --keep first)`);
    }
    return dataDir;
  }
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    if (!fs.existsSync(path.join(dataDir, MARKER))) {
      throw new Error(`${dataDir} holds data this script did not make; remove it or choose --data-dir`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, MARKER), 'made by scripts/bench-users.mjs; safe to delete\n');
  return dataDir;
}

function seed(options, dataDir) {
  const args = ['run', 'seed', '--', '--users', String(options.users), '--games', String(options.games)];
  // Nothing uses the database yet (the server starts after), so the fast one-transaction load is
  // safe on PostgreSQL too; PGlite always loads that way.
  if (options.databaseUrl) args.push('--exclusive');
  console.log(`\nSeeding: npm ${args.join(' ')}`);
  return run('npm', args, serverEnv(options, dataDir));
}

function serverEnv(options, dataDir) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  };
  // No SMTP (the code must land in DATA_DIR/outbox), no demo rows on top of the seed, and a
  // PUBLIC_URL from elsewhere would turn on __Host- cookies and cross-site checks against it.
  for (const name of ['SMTP_URL', 'SEED_DEMO', 'PUBLIC_URL', 'DATABASE_URL']) delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

// ---------------------------------------------------------------------------------------------
// Latency

const median = (sorted) => sorted[Math.floor((sorted.length - 1) / 2)];
/** Nearest-rank percentile: with 30 samples, p95 is the 29th fastest. */
const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Times `runs` sequential requests after warm-ups. With several targets (search terms) they are
 * taken in turn, and the warm-up touches each once so no term is timed cold.
 */
async function timeCase(baseUrl, token, targets, runs) {
  const warmups = Math.max(WARMUPS, targets.length);
  /** Per target: the rows it answers with and its timed samples, for the per-term breakdown. */
  const perTarget = new Map(targets.map((target) => [target, { rows: '', times: [] }]));
  for (let i = 0; i < warmups; i++) {
    const target = targets[i % targets.length];
    perTarget.get(target).rows = summarizeRows((await getJson(baseUrl, target, token)).body);
  }
  for (let i = 0; i < runs; i++) {
    const target = targets[i % targets.length];
    perTarget.get(target).times.push((await getJson(baseUrl, target, token)).ms);
  }
  return { ...stats([...perTarget.values()].flatMap((entry) => entry.times)), perTarget };
}

function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: median(sorted), p95: percentile(sorted, 95), max: sorted.at(-1) };
}

/** "10 of 20,013" for a page of the list, "20" for the picker, "–" for anything else. */
function summarizeRows(envelope) {
  const body = envelope.ResponseBody ?? envelope.ResponseData ?? {};
  const list = Array.isArray(body) ? body : body.list;
  if (!Array.isArray(list)) return '–';
  return typeof body.total === 'number'
    ? `${list.length} of ${body.total.toLocaleString('en')}`
    : `${list.length}`;
}

function latencyCases(isPostgres) {
  const query = (params) => `?${new URLSearchParams(params)}`;
  const searchBudget = isPostgres ? 50 : 200;
  const cases = [
    // What any signed-in API call costs (session check, envelope, logging): the floor under the rest.
    { name: 'getprofile (baseline, no users query)', targets: ['/api/admin/getprofile'] },
    { name: 'getusers page 0 (default sort)', targets: [LIST], budget: 20 },
    { name: 'getusers page 0, sort=name', targets: [`${LIST}${query({ sort: 'name' })}`] },
    { name: 'getusers page 0, sort=-last_active', targets: [`${LIST}${query({ sort: '-last_active' })}`] },
    { name: 'getusers page 0, status=blocked', targets: [`${LIST}${query({ status: 'blocked' })}`] },
  ];
  for (const [kind, terms] of Object.entries(SEARCHES)) {
    cases.push({
      name: `getusers search: ${kind}`,
      targets: terms.map((search) => `${LIST}${query({ search })}`),
      budget: searchBudget,
    });
  }
  for (const [kind, terms] of Object.entries(SEARCHES)) {
    cases.push({
      name: `get-users (picker): ${kind}`,
      targets: terms.map((search) => `${PICKER}${query({ search })}`),
      budget: 30,
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Export

// ---------------------------------------------------------------------------------------------
// Printing: Markdown tables, so the figures paste straight into the README

const ms = (value) => value.toFixed(1);
const mb = (bytes) => (bytes / MB).toFixed(0);

function printLatency(results, runs) {
  console.log(`\nLatency: ${runs} sequential requests per case after warm-ups, one kept-alive connection\n`);
  const rowsOf = (perTarget) => {
    const distinct = new Set([...perTarget.values()].map((entry) => entry.rows));
    return distinct.size === 1 ? [...distinct][0] : 'per term below';
  };
  printTable(
    ['request', 'rows', 'median ms', 'p95 ms', 'max ms', 'budget (median)'],
    results.map(({ name, budget, median: med, p95, max, perTarget }) => [
      name,
      rowsOf(perTarget),
      ms(med),
      ms(p95),
      ms(max),
      budget === undefined ? '–' : `< ${budget} ms ${mark(med < budget)}`,
    ]),
  );
  // Terms of one kind can differ a lot (where their matches sit in an index), so each is shown.
  console.log('\nPer search term (rows shown / matching; median and max of its share of the runs):\n');
  const termRows = results
    .filter((result) => result.perTarget.size > 1)
    .flatMap(({ name, perTarget }) =>
      [...perTarget].map(([target, entry]) => {
        const term = new URL(target, 'http://bench').searchParams.get('search');
        // With fewer runs than terms, the last terms are only warmed up, never timed.
        if (entry.times.length === 0) return [name, `"${term}"`, entry.rows, '–', '–'];
        const { median: med, max } = stats(entry.times);
        return [name, `"${term}"`, entry.rows, ms(med), ms(max)];
      }),
    );
  printTable(['request', 'term', 'rows', 'median ms', 'max ms'], termRows);
}

// ---------------------------------------------------------------------------------------------

function describeTarget(options, dataDir) {
  if (!options.databaseUrl) return `PGlite in ${dataDir}`;
  const { hostname, port, pathname } = new URL(options.databaseUrl);
  return `PostgreSQL at ${hostname}:${port || 5432}${pathname}`;
}

/** A one-line status on a terminal (cleared by the next one); nothing in a log file. */
function progress(text) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[2K${text}`);
}

async function measure(server, options, dataDir) {
  const token = await signIn(server.url, dataDir, ADMIN);
  const idle = memoryOf(server.child.pid);
  console.log(
    `Signed in. Server RSS ${mb(idle.rss)} MB, peak so far ${mb(idle.hwm)} MB (start-up ${server.startSeconds.toFixed(1)} s).`,
  );
  const results = [];
  for (const testCase of latencyCases(Boolean(options.databaseUrl))) {
    progress(`  ${testCase.name} …`);
    results.push({ ...testCase, ...(await timeCase(server.url, token, testCase.targets, options.runs)) });
  }
  progress('');
  printLatency(results, options.runs);
  // A second export (--exports 2) tells the database's cache filling up from the export's own cost.
  const exports = [];
  for (let i = 0; i < options.exports; i++) {
    progress(`  export ${i + 1} of ${options.exports} …`);
    exports.push(await measureExport(server.url, EXPORT, token, server.child.pid));
  }
  progress('');
  printExports(`GET ${EXPORT}`, exports);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) return console.log(USAGE);
  if (options.build) run('npm', ['run', 'build']);
  else if (!fs.existsSync(path.join(root, 'dist', 'main.mjs'))) {
    throw new Error('--no-build: dist/main.mjs is missing; build first (npm run build)');
  }
  const dataDir = prepareDataDir(options);
  const ownsDataDir = Boolean(options.databaseUrl) || (options.seed && !options.keep);
  let server;
  try {
    const seedSeconds = options.seed ? seed(options, dataDir) : undefined;
    server = await startServer(root, serverEnv(options, dataDir));
    console.log(
      `\nbench:users: ${describeTarget(options, dataDir)}` +
        (options.seed
          ? `, seeded ${options.users} users / ${options.games} games in ${seedSeconds.toFixed(1)} s`
          : ', existing data') +
        `; server ${server.url} (pid ${server.child.pid}); Node ${process.version}, ${os.cpus().length} cores`,
    );
    await measure(server, options, dataDir);
  } finally {
    if (server) await stopServer(server.child);
    agent.destroy();
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    else if (!options.databaseUrl)
      console.log(`\nData kept in ${dataDir} (rerun with --no-seed; rm -rf it when done).`);
  }
}

try {
  await main();
} catch (error) {
  console.error('bench:users could not measure:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
