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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { measureExport, printExports } from './bench/export-memory.mjs';
import { agent, getJson, request, signIn } from './bench/users-http.mjs';
import { startServer, stopServer } from './bench/users-server.mjs';
import { latency, prepareDataDir, root, run, serverEnv } from './bench/seeded-bench.mjs';
import { mark, printTable } from './bench/table.mjs';

const ADMIN = { email: 'bench-audit@example.test', password: 'bench audit battery staple' };
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

const day = (msAgo) => new Date(Date.now() - msAgo).toISOString();

/** One filter each, then admin + dates (the issue's cases); a demo admin and a busy target from the data. */
async function cases(url, token) {
  const admins = await getJson(url, '/api/admin/getadmins?search=demo.admin.7%40&record=1', token);
  const adminId = admins.body.ResponseData.list[0]?.id;
  if (!adminId) throw new Error('no demo administrator: seed with --audit first');
  const sample = await getJson(url, '/api/admin/getaudit?area=users&record=1', token);
  const target = sample.body.ResponseData.list[0]?.target ?? 'users:1';
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
  return { ...latency(samples), rows };
}

async function main() {
  if (options.build) run('npm', ['run', 'build']);
  const dataDir = prepareDataDir({ ...options, script: 'bench-audit.mjs' });
  const env = serverEnv({ dataDir, admin: ADMIN, databaseUrl: options.databaseUrl });
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
