// `npm run bench:games`: seeds a big database, starts the built server in a child process, signs
// in through the real sign-in API, makes a product API key and times POST /api/app/games with
// 1,000 plays per call, against the issue's budget (under 200 ms). Also times the puzzles list and
// the game history the new plays land in. A measurement tool: it exits 0 when budgets fail, 1
// only when it could not measure.
//
//   npm run bench:games                                    1,000,000 users, 10,000,000 games, PGlite
//   npm run bench:games -- --users 20000 --games 200000    a quick run
//   npm run bench:games -- --keep, then -- --no-seed       seed once, measure again on the same data
//   DATABASE_URL=postgres://… npm run bench:games          that (empty) PostgreSQL database instead
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getJson, request, signIn } from './bench/users-http.mjs';
import { startServer, stopServer } from './bench/users-server.mjs';
import { latency, prepareDataDir, root, run, serverEnv } from './bench/seeded-bench.mjs';
import { mark, printTable } from './bench/table.mjs';

const ADMIN = { email: 'bench-games@example.test', password: 'bench games battery staple' };
const BATCH = 1000;
const WARMUPS = 3;
const BUDGET_MS = 200;

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    games: { type: 'string', default: '10000000' },
    calls: { type: 'string', default: '20' },
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
  calls: Number(values.calls),
  seed: !values['no-seed'],
  build: !values['no-build'],
  keep: values.keep,
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: path.resolve(values['data-dir'] ?? path.join(os.tmpdir(), 'puzzle-admin-bench-games')),
};
for (const name of ['users', 'games', 'calls']) {
  if (!Number.isSafeInteger(options[name]) || options[name] < 1)
    throw new Error(`--${name} must be a whole number >= 1`);
}

const ms = (value) => value.toFixed(1);

/** 1,000 real user ids and every published puzzle, read through the APIs the product would use. */
async function targets(url, token, key) {
  const userIds = [];
  for (let page = 0; userIds.length < BATCH; page++) {
    const { body } = await getJson(url, `/api/admin/getusers?record=100&page=${page}`, token);
    if (body.ResponseBody.list.length === 0) break;
    userIds.push(...body.ResponseBody.list.map((user) => user.id));
  }
  const answer = await request(url, 'GET', '/api/app/puzzles?record=100', {
    extraHeaders: { authorization: `Bearer ${key}` },
  });
  const puzzleIds = JSON.parse(answer.text).ResponseData.list.map((puzzle) => puzzle.id);
  if (userIds.length === 0 || puzzleIds.length === 0)
    throw new Error('no users or published puzzles to play');
  return { userIds, puzzleIds };
}

function batch({ userIds, puzzleIds }, call) {
  return Array.from({ length: BATCH }, (_, i) => ({
    user_id: userIds[(call * 7 + i) % userIds.length],
    puzzle_id: puzzleIds[(call + i) % puzzleIds.length],
    score: (call * 31 + i * 17) % 1000,
    duration: 30 + (i % 600),
    result: ['won', 'lost', 'abandoned'][i % 3],
  }));
}

async function main() {
  if (options.build) run('npm', ['run', 'build']);
  const dataDir = prepareDataDir({ ...options, script: 'bench-games.mjs' });
  const env = serverEnv({
    dataDir,
    admin: ADMIN,
    databaseUrl: options.databaseUrl,
    extra: { APP_RATE_LIMIT: '1000000' },
  });
  let seedSeconds = 0;
  if (options.seed) {
    const args = ['run', 'seed', '--', '--users', String(options.users), '--games', String(options.games)];
    if (options.databaseUrl) args.push('--exclusive');
    seedSeconds = run('npm', args, env);
  }
  const { child, url } = await startServer(root, env);
  try {
    const token = await signIn(url, dataDir, ADMIN);
    const created = await request(url, 'POST', '/api/admin/addapikey', {
      token,
      json: { name: `bench ${Date.now()}` },
    });
    const key = JSON.parse(created.text).ResponseBody.key;
    const ids = await targets(url, token, key);
    const headers = { authorization: `Bearer ${key}` };
    const times = [];
    for (let call = 0; call < WARMUPS + options.calls; call++) {
      const answer = await request(url, 'POST', '/api/app/games', {
        json: { games: batch(ids, call) },
        extraHeaders: headers,
      });
      const body = JSON.parse(answer.text);
      if (answer.status !== 200 || body.ResponseBody.recorded !== BATCH) {
        throw new Error(`POST /api/app/games: ${answer.status} ${answer.text.slice(0, 300)}`);
      }
      if (call >= WARMUPS) times.push(answer.ms);
    }
    const reads = {};
    for (const [name, target] of [
      ['getpuzzles page 0', '/api/admin/getpuzzles'],
      ['getpuzzles sorted by plays', '/api/admin/getpuzzles?sort=-plays'],
      ['getgamehistory page 0 (total from the counters)', '/api/admin/getgamehistory'],
      [
        `getgamehistory puzzle ${ids.puzzleIds[0]}, last 30 days`,
        `/api/admin/getgamehistory?puzzle_id=${ids.puzzleIds[0]}&from=${new Date(Date.now() - 30 * 86_400_000).toISOString()}`,
      ],
    ]) {
      for (let i = 0; i < WARMUPS; i++) await getJson(url, target, token);
      const samples = [];
      for (let i = 0; i < options.calls; i++) samples.push((await getJson(url, target, token)).ms);
      reads[name] = latency(samples);
    }
    const db = options.databaseUrl ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\n${db}, ${options.seed ? `seeded ${options.users.toLocaleString('en')} users and ${options.games.toLocaleString('en')} plays in ${seedSeconds.toFixed(0)} s` : 'existing data'}; ${options.calls} timed calls each after ${WARMUPS} warm-ups (ms)\n`,
    );
    const posts = latency(times);
    printTable(
      ['request', 'median', 'p95', 'max', 'budget'],
      [
        [
          `POST /api/app/games, ${BATCH.toLocaleString('en')} plays`,
          ms(posts.median),
          ms(posts.p95),
          ms(posts.max),
          `${BUDGET_MS} ${mark(posts.p95 < BUDGET_MS)}`,
        ],
        ...Object.entries(reads).map(([name, s]) => [name, ms(s.median), ms(s.p95), ms(s.max), '–']),
      ],
    );
  } finally {
    await stopServer(child);
    if (!options.databaseUrl && options.seed && !options.keep)
      fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
