// `npm run bench:dashboard`: seeds 1,000,000 users and 10,000,000 plays (`npm run seed`), starts
// the built server in a child process, signs in through the real sign-in API and times /dashboard
// and getcountdashoard for each range against the budgets of issue #13 (< 100 ms on PostgreSQL,
// < 300 ms on PGlite). A measurement tool: it exits 0 when budgets fail, 1 only when it could not
// measure.
//
//   npm run bench:dashboard                                  1M users, 10M games, PGlite
//   npm run bench:dashboard -- --users 20000 --games 200000  a quick run
//   npm run bench:dashboard -- --keep, then -- --no-seed     seed once, measure again
//   DATABASE_URL=postgres://…/empty_db npm run bench:dashboard   that PostgreSQL database
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { latency, prepareDataDir, root, run, serverEnv } from './bench/seeded-bench.mjs';
import { mark, printTable } from './bench/table.mjs';
import { agent, request, signIn } from './bench/users-http.mjs';
import { startServer, stopServer } from './bench/users-server.mjs';

const ADMIN = { email: 'bench-dashboard@example.test', password: 'bench horse battery staple' };
const RANGES = [7, 30, 90];

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    games: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '30' },
    'no-seed': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
  strict: true,
});
const options = {
  users: Number(values.users),
  games: Number(values.games),
  runs: Number(values.runs),
  seed: !values['no-seed'],
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(values['data-dir'] ?? path.join(os.tmpdir(), 'puzzle-admin-bench-dashboard')),
};

/**
 * Every request in its own time zone, so none is answered from the PGlite server's answer cache
 * (kept per range, zone and day until the next write): these are the rollup queries' own times.
 * Zones are all of this runtime's, so offsets of every kind (+05:30, −03:30, +12:45) take part.
 */
const ZONES = Intl.supportedValuesOf('timeZone');
let nextZone = 0;

async function timeOne(baseUrl, token, kind, range, { sameZone = false } = {}) {
  const tz = sameZone ? 'Europe/Paris' : ZONES[nextZone++ % ZONES.length];
  const target =
    kind === 'api'
      ? `/api/admin/getcountdashoard?range=${range}&tz=${encodeURIComponent(tz)}`
      : `/dashboard?range=${range}`;
  const extraHeaders = kind === 'page' ? { cookie: `session=${token}; tz=${encodeURIComponent(tz)}` } : {};
  const response = await request(baseUrl, 'GET', target, {
    token: kind === 'api' ? token : undefined,
    extraHeaders,
  });
  if (response.status !== 200)
    throw new Error(`GET ${target}: ${response.status} ${response.text.slice(0, 200)}`);
  return response.ms;
}

async function timeCase(baseUrl, token, kind, range, sameZone) {
  for (let i = 0; i < 3; i++) await timeOne(baseUrl, token, kind, range, { sameZone });
  const times = [];
  for (let i = 0; i < options.runs; i++) times.push(await timeOne(baseUrl, token, kind, range, { sameZone }));
  return latency(times);
}

async function main() {
  if (!values['no-build']) run('npm', ['run', 'build']);
  const dataDir = prepareDataDir({ ...options, script: 'bench-dashboard.mjs' });
  const env = serverEnv({
    dataDir,
    admin: ADMIN,
    databaseUrl: options.databaseUrl,
    extra: { NODE_ENV: 'production' },
  });
  let server;
  try {
    let seeded = 'existing data';
    if (options.seed) {
      const args = ['run', 'seed', '--', '--users', String(options.users), '--games', String(options.games)];
      if (options.databaseUrl) args.push('--exclusive');
      seeded = `seeded ${options.users} users / ${options.games} games in ${run('npm', args, env).toFixed(1)} s`;
    }
    server = await startServer(root, env);
    const where = options.databaseUrl ? 'PostgreSQL' : `PGlite in ${dataDir}`;
    console.log(`\nbench:dashboard: ${where}, ${seeded}; Node ${process.version}, ${os.cpus().length} cores`);
    const token = await signIn(server.url, dataDir, ADMIN);
    const budget = options.databaseUrl ? 100 : 300;
    const rows = [];
    for (const range of RANGES) {
      for (const kind of ['page', 'api']) {
        const name = kind === 'page' ? `/dashboard?range=${range}` : `getcountdashoard range=${range}`;
        const figures = await timeCase(server.url, token, kind, range, false);
        rows.push([
          name,
          'a new zone each',
          ...[figures.median, figures.p95, figures.max].map((v) => v.toFixed(1)),
          `< ${budget} ms ${mark(figures.p95 < budget)}`,
        ]);
      }
    }
    if (!options.databaseUrl) {
      // PGlite reuses an answer until the next write: what most visits cost.
      for (const range of RANGES) {
        const figures = await timeCase(server.url, token, 'page', range, true);
        rows.push([
          `/dashboard?range=${range}`,
          'one zone (cached)',
          ...[figures.median, figures.p95, figures.max].map((v) => v.toFixed(1)),
          '–',
        ]);
      }
    }
    console.log(
      `\n${options.runs} sequential requests per case after 3 warm-ups, one kept-alive connection\n`,
    );
    printTable(['request', 'time zones', 'median ms', 'p95 ms', 'max ms', 'budget (p95)'], rows);
  } finally {
    if (server) await stopServer(server.child);
    agent.destroy();
    if (options.databaseUrl || !values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
    else console.log(`\nData kept in ${dataDir} (rerun with --no-seed).`);
  }
}

try {
  await main();
} catch (error) {
  console.error('bench:dashboard could not measure:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
