// `npm run bench:notifications`: fills a database with active users (set-based), starts the built
// server in a child process, signs in through the real sign-in API and prints how long a send to
// everyone takes, how fast the server answers other requests meanwhile (getprofile on its own
// connection, one after the other with a short pause, for as long as the send runs), and how fast a user's inbox
// page answers once 100 notifications to everyone went out. A measurement tool: it exits 0 when
// budgets fail, 1 only when it could not measure.
//
//   npm run bench:notifications                          1,000,000 users, PGlite
//   npm run bench:notifications -- --users 50000         a quick run
//   DATABASE_URL=postgres://…/empty npm run bench:notifications   that (empty) PostgreSQL database
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { client, f1, stats } from './bench/notify-http.mjs';
import { mark, printTable } from './bench/table.mjs';
import { signIn } from './bench/users-http.mjs';
import { startServer, stopServer } from './bench/users-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `Usage: npm run bench:notifications -- [options]
  --users N         active users to add (default 1000000)
  --inbox-sends K   notifications every inbox user receives before the inbox is timed (default 100)
  --inbox-scale S   full: those K go to everyone (K × users recipient rows);
                    subset: the first goes to everyone, the others to 1 % of the users (a search),
                    so the timed user still has K notifications (default: full on PostgreSQL,
                    subset on PGlite)
  --runs R          timed requests per latency case (default 50)
  --no-build        reuse dist/ instead of running npm run build
With DATABASE_URL set, the server uses that PostgreSQL database: point it at an empty database
that no server uses (the script adds rows and never deletes them).`;

const ADMIN = { email: 'bench-notify@example.test', password: 'bench horse battery staple' };
const SEND = '/api/admin/admin/bulk-notifications';
const INBOX_MARK = 'Inboxer';
const BATCH = 100_000;
/**
 * The pause between two getprofile calls during a send: about 40 calls a second, a busy admin
 * screen's worth. Calling without pause would put a third busy process on a 2-core machine and
 * time the CPU it steals from the send rather than the waiting the send causes.
 */
const PROBE_GAP_MS = 25;

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: 'string', default: '1000000' },
      'inbox-sends': { type: 'string', default: '100' },
      'inbox-scale': { type: 'string' },
      runs: { type: 'string', default: '50' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const count = (flag, min) => {
    const value = Number(values[flag]);
    if (!Number.isSafeInteger(value) || value < min)
      throw new Error(`--${flag} must be a whole number >= ${min}\n${USAGE}`);
    return value;
  };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const scale = values['inbox-scale'] ?? (databaseUrl ? 'full' : 'subset');
  if (!['full', 'subset'].includes(scale)) throw new Error(`--inbox-scale must be full or subset\n${USAGE}`);
  return {
    users: count('users', 100),
    inboxSends: count('inbox-sends', 1),
    scale,
    runs: count('runs', 5),
    build: !values['no-build'],
    help: values.help,
    databaseUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// Data: the server migrates an empty database; the users go in straight through SQL, set-based.

function serverEnv(options, dataDir) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    APP_RATE_LIMIT: '1000000',
  };
  for (const name of ['SMTP_URL', 'SEED_DEMO', 'PUBLIC_URL', 'DATABASE_URL']) delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

async function openDatabase(options, dataDir) {
  if (options.databaseUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    return { query: (text) => client.query(text), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  return { query: (text) => pglite.query(text), close: () => pglite.close() };
}

/** `count` active users in batches; every hundredth is an "Inboxer" (the subset the inbox uses). */
async function addUsers(database, count) {
  const { rows } = await database.query('SELECT count(*)::int AS n FROM users');
  if (rows[0].n > 0) throw new Error('the database already has users: point the benchmark at an empty one');
  const started = performance.now();
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await database.query(`
      INSERT INTO users (first_name, last_name, email, status)
      SELECT 'Bench', CASE WHEN g % 100 = 0 THEN '${INBOX_MARK}' ELSE 'User' END || ' ' || g,
        'bench.' || g || '@bench.test', 'active'
      FROM generate_series(${from}, ${to}) g`);
    progress(`  users: ${to.toLocaleString('en')} of ${count.toLocaleString('en')}`);
  }
  await database.query('ANALYZE users');
  progress('');
  return (performance.now() - started) / 1000;
}

function progress(text) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[2K${text}`);
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Times a send to `audience` while another connection calls getprofile again and again. */
/** Times one POST while another connection calls getprofile again and again, a moment apart. */
async function underLoad(baseUrl, token, target, json) {
  const caller = client();
  const prober = client();
  let done = false;
  const probes = [];
  const probing = (async () => {
    while (!done) {
      probes.push((await prober(baseUrl, 'GET', '/api/admin/getprofile', { token })).ms);
      await new Promise((resolve) => setTimeout(resolve, PROBE_GAP_MS));
    }
  })();
  const answer = await caller(baseUrl, 'POST', target, { token, json });
  done = true;
  await probing;
  return { ms: answer.ms, result: answer.body.ResponseData, probes: stats(probes) };
}

async function timeRequests(call, runs) {
  for (let i = 0; i < 3; i++) await call();
  const times = [];
  for (let i = 0; i < runs; i++) times.push((await call()).ms);
  return stats(times);
}

async function measure(server, options, dataDir) {
  const pg = Boolean(options.databaseUrl);
  const token = await signIn(server.url, dataDir, ADMIN);
  const call = client();
  const idle = await timeRequests(
    () => call(server.url, 'GET', '/api/admin/getprofile', { token }),
    options.runs,
  );

  const first = await underLoad(server.url, token, SEND, {
    title: 'Bench everyone 1',
    message: 'Bench everyone 1: body',
    all: true,
  });
  const sendBudget = pg ? 5000 : 10_000;
  const waitBudget = pg ? 50 : 500;
  console.log(
    `\nSend to everyone (${options.users.toLocaleString('en')} active users) while getprofile is called every ${PROBE_GAP_MS} ms:\n`,
  );
  printTable(
    ['figure', 'value', 'budget'],
    [
      ['recipients written', first.result.recipients.toLocaleString('en'), '–'],
      ['send, request to answer (ms)', f1(first.ms), `< ${sendBudget} ${mark(first.ms < sendBudget)}`],
      ['getprofile idle: median / max (ms)', `${f1(idle.median)} / ${f1(idle.max)}`, '–'],
      ['getprofile during the send: calls', first.probes.n, '–'],
      ['getprofile during the send: median (ms)', f1(first.probes.median), '–'],
      [
        'getprofile during the send: max (ms)',
        f1(first.probes.max),
        `< ${waitBudget} ${mark(first.probes.max < waitBudget)}`,
      ],
    ],
  );

  const audience = options.scale === 'full' ? { all: true } : { all: true, search: INBOX_MARK };
  const sends = [];
  for (let n = 2; n <= options.inboxSends; n++) {
    progress(`  send ${n} of ${options.inboxSends} …`);
    sends.push(
      (
        await call(server.url, 'POST', SEND, {
          token,
          json: { title: `Bench ${n}`, message: `Body ${n}`, ...audience },
        })
      ).ms,
    );
  }
  progress('');
  const picked = await call(server.url, 'GET', `/api/admin/getusers?search=${INBOX_MARK}&record=1`, {
    token,
  });
  const userId = picked.body.ResponseBody.list[0].id;
  const { key } = (await call(server.url, 'POST', '/api/admin/addapikey', { token, json: { name: 'bench' } }))
    .body.ResponseBody;
  const inboxCall = (page) => () =>
    call(server.url, 'GET', `/api/app/notifications?user_id=${userId}&page=${page}`, { bearer: key });
  const checked = (await inboxCall(0)()).body.ResponseData;
  const inbox0 = await timeRequests(inboxCall(0), options.runs);
  const inbox4 = await timeRequests(inboxCall(4), options.runs);
  const list = await timeRequests(
    () => call(server.url, 'GET', '/api/admin/get_notification?record=10', { token }),
    options.runs,
  );
  const rows =
    options.scale === 'full'
      ? options.inboxSends * options.users
      : options.users + (options.inboxSends - 1) * Math.floor(options.users / 100);
  console.log(
    `\nInbox of user ${userId} with ${checked.total} notifications (${options.scale} scale: about ${rows.toLocaleString('en')} recipient rows in all):\n`,
  );
  printTable(
    ['request', 'median ms', 'max ms', 'budget (median)'],
    [
      [
        `${sends.length} more sends (${options.scale === 'full' ? 'to everyone' : `to the ${INBOX_MARK}s, 1 %`})`,
        f1(stats(sends).median),
        f1(stats(sends).max),
        '–',
      ],
      [
        'GET /api/app/notifications page 0',
        f1(inbox0.median),
        f1(inbox0.max),
        `< 20 ${mark(inbox0.median < 20)}`,
      ],
      ['GET /api/app/notifications page 4', f1(inbox4.median), f1(inbox4.max), '–'],
      ['GET get_notification page 0', f1(list.median), f1(list.max), '–'],
    ],
  );

  // Deleting a send to everyone removes its recipient rows in the same transaction.
  const deleted = await underLoad(server.url, token, '/api/admin/delete-notification', {
    id: first.result.id,
  });
  console.log(
    `\nDelete the first send to everyone (${first.result.recipients.toLocaleString('en')} recipient rows):\n`,
  );
  printTable(
    ['figure', 'value'],
    [
      ['delete, request to answer (ms)', f1(deleted.ms)],
      [
        'getprofile during the delete: calls / median / max (ms)',
        `${deleted.probes.n} / ${f1(deleted.probes.median)} / ${f1(deleted.probes.max)}`,
      ],
    ],
  );
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) return console.log(USAGE);
  if (options.build) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-bench-notify-'));
  const env = serverEnv(options, dataDir);
  const target = options.databaseUrl
    ? `PostgreSQL at ${new URL(options.databaseUrl).host}`
    : `PGlite in ${dataDir}`;
  console.log(`Benchmark: notifications on ${target}, ${os.cpus().length} cores, Node ${process.version}`);
  try {
    await stopServer((await startServer(root, env)).child); // migrations and the admin
    const database = await openDatabase(options, dataDir);
    const seconds = await addUsers(database, options.users);
    await database.close();
    console.log(`Added ${options.users.toLocaleString('en')} active users in ${seconds.toFixed(1)} s.`);
    const server = await startServer(root, env);
    try {
      await measure(server, options, dataDir);
    } finally {
      await stopServer(server.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
