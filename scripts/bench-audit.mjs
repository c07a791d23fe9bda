// `npm run bench:audit`: seeds an audit trail (10,000,000 entries by 50 administrators by default),
// starts the built server, signs in through the real sign-in API and times the audit log's first
// page under each filter (the API and the screen itself), then streams a CSV export of about
// 1,000,000 entries while watching the server's memory. Budgets from issue #28: first page under
// 100 ms median and 300 ms p95 on PostgreSQL; export RSS growth under 100 MB. A measurement tool:
// it exits 0 when budgets fail, 1 only when it could not measure.
//
//   DATABASE_URL=postgres://…/empty npm run bench:audit       the issue's run, on PostgreSQL
//   npm run bench:audit -- --audit 200000 --export-rows 50000  a quick run (PGlite without DATABASE_URL)
//   … -- --no-seed --no-build                                  measure again on the same data
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { measureExport, printExports } from './bench/export-memory.mjs';
import { agent, getJson, request, signIn } from './bench/users-http.mjs';
import { startServer, stopServer } from './bench/users-server.mjs';
import { mark, printTable } from './bench/table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench-audit@example.test', password: 'bench audit battery staple' };
const MARKER = '.puzzle-admin-bench-audit';
const WARMUPS = 3;
const DAY_MS = 86_400_000;
const BUDGET = { median: 100, p95: 300 };

const { values } = parseArgs({
  options: {
    audit: { type: 'string', default: '10000000' },
    'export-rows': { type: 'string', default: '1000000' },
    calls: { type: 'string', default: '30' },
    'no-seed': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
  strict: true,
});
const options = {
  audit: Number(values.audit),
  exportRows: Number(values['export-rows']),
  calls: Number(values.calls),
  seed: !values['no-seed'],
  build: !values['no-build'],
  keep: values.keep,
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(values['data-dir'] ?? path.join(os.tmpdir(), 'puzzle-admin-bench-audit')),
};
for (const [flag, value] of [
  ['audit', options.audit],
  ['export-rows', options.exportRows],
  ['calls', options.calls],
]) {
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${flag} must be a whole number >= 1`);
}

function run(command, args, env = process.env) {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return (performance.now() - started) / 1000;
}

/** PostgreSQL keeps the data and the dir only gets the mail outbox; a PGlite dir is only wiped if this script made it. */
function prepareDataDir() {
  const { dataDir } = options;
  if (options.databaseUrl) return fs.mkdtempSync(path.join(os.tmpdir(), 'puzzle-admin-bench-mail-'));
  if (!options.seed) {
    if (!fs.existsSync(path.join(dataDir, 'pglite')))
      throw new Error(`--no-seed: no PGlite data in ${dataDir}`);
    return dataDir;
  }
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    if (!fs.existsSync(path.join(dataDir, MARKER)))
      throw new Error(`${dataDir} holds data this script did not make`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, MARKER), 'made by scripts/bench-audit.mjs; safe to delete\n');
  return dataDir;
}

function serverEnv(dataDir) {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
  Object.assign(env, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  for (const name of ['SMTP_URL', 'SEED_DEMO', 'PUBLIC_URL', 'DATABASE_URL']) delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}

const percentile = (sorted, p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
function stats(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor((sorted.length - 1) / 2)],
    p95: percentile(sorted, 95),
    max: sorted.at(-1),
  };
}
const day = (msAgo) => new Date(Date.now() - msAgo).toISOString();

/** One filter each, then admin + dates (the issue's cases); a demo admin and a busy target from the data. */
async function cases(url, token) {
  const admins = await getJson(url, '/api/admin/getadmins?search=demo.admin.7%40&record=1', token);
  const adminId = admins.body.ResponseData.list[0]?.id;
  if (!adminId) throw new Error('no demo administrator: seed with --audit first');
  const sample = await getJson(url, '/api/admin/getaudit?area=users&record=1', token);
  const target = sample.body.ResponseData.list[0]?.target ?? 'user:1';
  // The API takes instants; the screen's address takes the admin's own days (audit-list-spec.ts).
  const days = (from, to) => ({
    api: `from=${encodeURIComponent(day(from * DAY_MS))}&to=${encodeURIComponent(day(to * DAY_MS))}`,
    page: `from=${day(from * DAY_MS).slice(0, 10)}&to=${day(to * DAY_MS).slice(0, 10)}`,
  });
  const same = (query) => ({ api: query, page: query });
  const week = days(7, 0);
  const month = days(30, 0);
  const yearAgo = { api: days(360, 359).api, page: days(360, 360).page };
  return [
    ['no filter', same('')],
    ['admin', same(`admin_id=${adminId}`)],
    // The screen filters by area, not by one action: the API alone is timed for it.
    ['action', { api: 'action=users.block' }],
    ['area', same('area=support')],
    [`target (${target})`, same(`target=${encodeURIComponent(target)}`)],
    ['last 7 days', week],
    [
      'admin + last 30 days',
      { api: `admin_id=${adminId}&${month.api}`, page: `admin_id=${adminId}&${month.page}` },
    ],
    [
      'admin + one day a year ago',
      { api: `admin_id=${adminId}&${yearAgo.api}`, page: `admin_id=${adminId}&${yearAgo.page}` },
    ],
  ];
}

async function time(url, target, headers) {
  for (let i = 0; i < WARMUPS; i++) await request(url, 'GET', target, { extraHeaders: headers });
  const samples = [];
  let rows = 0;
  for (let i = 0; i < options.calls; i++) {
    const answer = await request(url, 'GET', target, { extraHeaders: headers });
    if (answer.status !== 200)
      throw new Error(`GET ${target}: ${answer.status} ${answer.text.slice(0, 200)}`);
    if (target.startsWith('/api/')) rows = JSON.parse(answer.text).ResponseData.total;
    samples.push(answer.ms);
  }
  return { ...stats(samples), rows };
}

async function main() {
  if (options.build) run('npm', ['run', 'build']);
  const dataDir = prepareDataDir();
  const env = serverEnv(dataDir);
  let seedSeconds = 0;
  if (options.seed) {
    // The server makes its first admin (ADMIN) only on a database with none: before the demo team.
    await stopServer((await startServer(root, env)).child);
    const args = ['run', 'seed', '--', '--users', '1000', '--games', '0', '--audit', String(options.audit)];
    if (options.databaseUrl) args.push('--exclusive');
    seedSeconds = run('npm', args, env);
  }
  const { child, url } = await startServer(root, env);
  try {
    const token = await signIn(url, dataDir, ADMIN);
    const api = { authorization: `Bearer ${token}` };
    // The screen is a page: it reads the session from the cookie, as a browser sends it.
    const page = { cookie: `session=${token}` };
    const rows = [];
    for (const [name, query] of await cases(url, token)) {
      const json = await time(url, `/api/admin/getaudit?${query.api}`, api);
      const screen = query.page === undefined ? null : await time(url, `/audit?${query.page}`, page);
      const within = (figures) => figures.median < BUDGET.median && figures.p95 < BUDGET.p95;
      rows.push([
        name,
        json.rows === 10_000 ? '10,000+' : json.rows.toLocaleString('en'),
        json.median.toFixed(1),
        json.p95.toFixed(1),
        screen ? screen.median.toFixed(1) : '–',
        screen ? screen.p95.toFixed(1) : '–',
        `< ${BUDGET.median} / ${BUDGET.p95} ${mark(within(json) && (!screen || within(screen)))}`,
      ]);
    }
    const db = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\n${db}, ${options.seed ? `seeded ${options.audit.toLocaleString('en')} audit entries in ${seedSeconds.toFixed(0)} s` : 'existing data'}; ` +
        `${options.calls} timed requests per case after ${WARMUPS} warm-ups, one kept-alive connection; Node ${process.version}, ${os.cpus().length} cores\n`,
    );
    printTable(
      [
        'first page',
        'matching',
        'getaudit median ms',
        'p95 ms',
        '/audit page median ms',
        'p95 ms',
        'budget ms',
      ],
      rows,
    );
    // The trail is spread evenly over a year, so this many days hold about --export-rows entries.
    const days = Math.max(1, Math.ceil((365 * options.exportRows) / options.audit));
    const target = `/api/admin/exportaudit?from=${encodeURIComponent(day(days * DAY_MS))}&to=${encodeURIComponent(day(0))}`;
    const exported = await measureExport(url, target, token, child.pid);
    printExports(`the last ${days} days, GET /api/admin/exportaudit`, [exported]);
  } finally {
    await stopServer(child);
    agent.destroy();
    if (options.databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
    else if (options.seed && !options.keep) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
