// `npm run bench:player`: seeds a big database (1,000,000 users by default), gives one player
// 10,000 plays through the product API, starts the built server, signs in through the real sign-in
// API and times banning one player (`banuser`, a different player each call) and the player page
// (`/users/[id]`) of the one with 10,000 plays. Budgets from issue #41: a ban under 50 ms p50, the
// page under 100 ms p50. A measurement tool: it exits 0 when budgets fail, 1 only when it could
// not measure.
//
//   npm run bench:player                                   1,000,000 users, PGlite
//   DATABASE_URL=postgres://…/empty npm run bench:player   that PostgreSQL database instead
//   npm run bench:player -- --users 20000 --plays 2000     a quick run
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { agent, getJson, request, signIn } from './bench/users-http.mjs';
import { startServer, stopServer } from './bench/users-server.mjs';
import { latency, prepareDataDir, root, run, serverEnv } from './bench/seeded-bench.mjs';
import { mark, printTable } from './bench/table.mjs';

const ADMIN = { email: 'bench-player@example.test', password: 'bench player battery staple' };
const WARMUPS = 3;
const BUDGET = { ban: 50, page: 100 };
const BATCH = 1_000;

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    plays: { type: 'string', default: '10000' },
    calls: { type: 'string', default: '30' },
    'no-seed': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
  },
  strict: true,
});
const options = {
  users: Number(values.users),
  plays: Number(values.plays),
  calls: Number(values.calls),
  seed: !values['no-seed'],
  build: !values['no-build'],
  keep: values.keep,
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(values['data-dir'] ?? path.join(os.tmpdir(), 'puzzle-admin-bench-player')),
};
for (const flag of ['users', 'plays', 'calls']) {
  const value = options[flag];
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${flag} must be a whole number >= 1`);
}

async function post(url, target, token, json) {
  const answer = await request(url, 'POST', target, { token, json });
  if (answer.status !== 200) throw new Error(`POST ${target}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return { ...answer, body: JSON.parse(answer.text) };
}

/** The first user and a puzzle; the user gets `plays` plays through `POST /api/app/games`. */
async function busyPlayer(url, token) {
  const first = await getJson(url, '/api/admin/getusers?sort=joined&record=1', token);
  const userId = first.body.ResponseBody.list[0]?.id;
  const puzzles = await getJson(url, '/api/admin/getpuzzles?record=1', token);
  const puzzleId = puzzles.body.ResponseData.list[0]?.id;
  if (!userId || !puzzleId) throw new Error('no user or no puzzle: seed first');
  const existing = await getJson(url, `/api/admin/getuser?id=${userId}`, token);
  const missing = options.plays - existing.body.ResponseBody.stats.games;
  if (missing > 0) {
    const key = (
      await post(url, '/api/admin/addapikey', token, { name: 'bench:player', scopes: ['games.write'] })
    ).body.ResponseBody.key;
    for (let done = 0; done < missing; done += BATCH) {
      const games = Array.from({ length: Math.min(BATCH, missing - done) }, (_, index) => ({
        user_id: userId,
        puzzle_id: puzzleId,
        score: (done + index) % 1000,
        duration: 60 + (index % 600),
        result: index % 3 === 0 ? 'lost' : 'won',
        played_at: new Date(Date.now() - (done + index) * 60_000).toISOString(),
      }));
      await post(url, '/api/app/games', key, { games });
    }
  }
  return userId;
}

async function time(times, call) {
  for (let i = 0; i < WARMUPS; i++) await call(i);
  const samples = [];
  for (let i = 0; i < times; i++) samples.push(await call(WARMUPS + i));
  return latency(samples);
}

async function main() {
  if (options.build) run('npm', ['run', 'build']);
  const dataDir = prepareDataDir({ ...options, script: 'bench-player.mjs' });
  const env = serverEnv({ dataDir, admin: ADMIN, databaseUrl: options.databaseUrl });
  let seedSeconds = 0;
  if (options.seed) {
    // The server makes its first admin (ADMIN) only on a database with none: before the seed.
    await stopServer((await startServer(root, env)).child);
    const args = ['run', 'seed', '--', '--users', String(options.users), '--games', '0'];
    if (options.databaseUrl) args.push('--exclusive');
    seedSeconds = run('npm', args, env);
  }
  const { child, url } = await startServer(root, env);
  try {
    const token = await signIn(url, dataDir, ADMIN);
    const playerId = await busyPlayer(url, token);
    // A different player each call, spread over the table (a fresh database numbers them from 1).
    const step = Math.max(1, Math.floor(options.users / (options.calls + WARMUPS + 1)));
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const ban = await time(options.calls, async (i) => {
      const id = 1 + (((i + 1) * step) % options.users);
      const target = id === playerId ? id + 1 : id;
      return (await post(url, '/api/admin/banuser', token, { id: target, reason: 'bench', until })).ms;
    });
    const page = await time(options.calls, async () => {
      const answer = await request(url, 'GET', `/users/${playerId}`, {
        extraHeaders: { cookie: `session=${token}` },
      });
      if (answer.status !== 200) throw new Error(`/users/${playerId}: ${answer.status}`);
      return answer.ms;
    });
    const db = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\n${db}, ${options.users.toLocaleString('en')} users${options.seed ? ` seeded in ${seedSeconds.toFixed(0)} s` : ''}, ` +
        `${options.plays.toLocaleString('en')} plays on player ${playerId}; ${options.calls} timed requests per case after ` +
        `${WARMUPS} warm-ups, one kept-alive connection; Node ${process.version}, ${os.cpus().length} cores\n`,
    );
    printTable(
      ['case', 'median ms', 'p95 ms', 'max ms', 'budget p50 ms'],
      [
        ['POST banuser (one of all users)', ban, BUDGET.ban],
        [`GET /users/${playerId} (10,000 plays)`, page, BUDGET.page],
      ].map(([name, figures, budget]) => [
        name,
        figures.median.toFixed(1),
        figures.p95.toFixed(1),
        figures.max.toFixed(1),
        `< ${budget} ${mark(figures.median < budget)}`,
      ]),
    );
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
