// `npm run bench:privacy`: the figures of the player-care issue's privacy and webhooks budgets,
// on one PostgreSQL database this script creates (and drops) on the server DATABASE_URL names.
//   1. GET exportuserdata for a player with 100,000 plays: streamed to the end, its time, and the
//      server's RSS growth (budget: under 50 MB).
//   2. 10,000 webhook events in the outbox, delivered by two server instances on that database to
//      a local receiver that fails 1 % of first attempts: each event delivered, and none twice
//      except by a retry of a failed attempt.
// A measurement tool: it exits 0 when budgets fail, 1 only when it could not measure.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npm run bench:privacy
//   … npm run bench:privacy -- --plays 20000 --events 2000 --no-build   a quick run
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { mark, printTable } from './bench/table.mjs';
import { request, signIn } from './bench/users-http.mjs';
import { memoryOf, resetPeak, startServer, stopServer } from './bench/users-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench-privacy@example.test', password: 'bench horse battery staple' };
const MB = 1_000_000;
/** Every hundredth message's first attempt is answered 503: the retries are part of the run. */
const FAIL_EVERY = 100;

const { values } = parseArgs({
  options: {
    plays: { type: 'string', default: '100000' },
    events: { type: 'string', default: '10000' },
    'no-build': { type: 'boolean', default: false },
  },
});
const PLAYS = Number(values.plays);
const EVENTS = Number(values.events);
const base = process.env.DATABASE_URL;
if (!base) {
  console.error('bench:privacy needs DATABASE_URL: a PostgreSQL server (two instances share it).');
  process.exit(1);
}

async function freshDatabase() {
  const name = `bench_privacy_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

function serverEnv(url, dataDir) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: '0',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    WORKER_POLL_MS: '200',
    APP_RATE_LIMIT: '1000000',
  };
}

/** The receiver: counts every request per `webhook-id`, and what it answered each time. */
async function startReceiver() {
  const seen = new Map();
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      const answers = seen.get(id) ?? [];
      const n = Number(/_(\d+)$/.exec(id ?? '')?.[1] ?? 0);
      const status = answers.length === 0 && n % FAIL_EVERY === 0 ? 503 : 200;
      answers.push(status);
      seen.set(id, answers);
      res.writeHead(status).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { seen, origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

async function measureExport(baseUrl, token, pid, userId) {
  const before = memoryOf(pid).rss;
  const peakReset = resetPeak(pid);
  let peak = before;
  const sampler = setInterval(() => {
    if (fs.existsSync(`/proc/${pid}/status`)) peak = Math.max(peak, memoryOf(pid).rss);
  }, 20);
  const chunks = [];
  let response;
  try {
    response = await request(baseUrl, 'GET', `/api/admin/exportuserdata?id=${userId}`, {
      token,
      onChunk: (chunk) => chunks.push(chunk),
    });
  } finally {
    clearInterval(sampler);
  }
  if (response.status !== 200) throw new Error(`exportuserdata: ${response.status}`);
  if (peakReset) peak = Math.max(peak, memoryOf(pid).hwm);
  const document = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  return {
    plays: document.plays.length,
    bytes: response.bytes,
    seconds: response.ms / 1000,
    growth: peak - before,
  };
}

async function main() {
  if (!values['no-build']) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const database = await freshDatabase();
  const dirs = [0, 1].map((n) => fs.mkdtempSync(path.join(os.tmpdir(), `puzzle-admin-bench-privacy-${n}-`)));
  const servers = [];
  const receiver = await startReceiver();
  const client = new pg.Client({ connectionString: database.url });
  try {
    servers.push(await startServer(root, serverEnv(database.url, dirs[0])));
    servers.push(await startServer(root, serverEnv(database.url, dirs[1])));
    const [first] = servers;
    const token = await signIn(first.url, dirs[0], ADMIN);
    await client.connect();

    // 1. The export.
    const { rows: made } = await client.query(`
      WITH u AS (INSERT INTO users (first_name, last_name, email, external_id)
                 VALUES ('Bench', 'Player', 'bench.player@example.test', 'bench-1') RETURNING id),
           p AS (INSERT INTO puzzles (title, category, difficulty) VALUES ('Bench', 'logic', 'easy') RETURNING id)
      SELECT u.id AS user_id, p.id AS puzzle_id FROM u, p`);
    const { user_id: userId, puzzle_id: puzzleId } = made[0];
    await client.query(
      `INSERT INTO game_history (user_id, puzzle_id, score, duration, result, played_at)
       SELECT $1, $2, g % 1000, 60 + g % 300, CASE WHEN g % 3 = 0 THEN 'lost' ELSE 'won' END,
         now() - g * interval '1 minute'
       FROM generate_series(1, $3::int) g`,
      [userId, puzzleId, PLAYS],
    );
    await client.query('ANALYZE game_history');
    const exported = await measureExport(first.url, token, first.child.pid, userId);

    // 2. The webhooks: one endpoint, EVENTS outbox rows, two instances delivering.
    const added = await request(first.url, 'POST', '/api/admin/addwebhook', {
      token,
      json: { url: `${receiver.origin}/bench`, events: ['notification.sent'] },
    });
    if (added.status !== 200) throw new Error(`addwebhook: ${added.status} ${added.text}`);
    const started = performance.now();
    await client.query(
      `INSERT INTO webhook_messages (webhook_id, message_id, type, payload)
       SELECT w.id, 'msg_bench_' || g, 'notification.sent',
         json_build_object('type', 'notification.sent', 'timestamp', now(),
           'data', json_build_object('notification_id', g))::text
       FROM webhooks w, generate_series(1, $1::int) g`,
      [EVENTS],
    );
    for (;;) {
      const { rows } = await client.query(
        `SELECT count(*) FILTER (WHERE state = 'delivered')::int AS done,
                count(*) FILTER (WHERE state = 'failed')::int AS failed FROM webhook_messages`,
      );
      if (rows[0].done + rows[0].failed >= EVENTS) break;
      if (performance.now() - started > 15 * 60_000)
        throw new Error('deliveries did not finish in 15 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    let retried = 0;
    let twiceAfterSuccess = 0;
    for (const answers of receiver.seen.values()) {
      if (answers.length > 1) retried += 1;
      if (answers.slice(0, -1).some((status) => status < 300)) twiceAfterSuccess += 1;
    }
    const { rows: attempts } = await client.query('SELECT count(*)::int AS n FROM webhook_attempts');

    console.log(`\nExport of one player with ${PLAYS.toLocaleString('en')} plays (PostgreSQL)\n`);
    printTable(
      ['plays in file', 'MB sent', 'seconds', 'RSS growth MB', 'budget'],
      [
        [
          exported.plays.toLocaleString('en'),
          (exported.bytes / MB).toFixed(1),
          exported.seconds.toFixed(2),
          (exported.growth / MB).toFixed(1),
          `< 50 MB ${mark(exported.growth < 50 * MB && exported.plays === PLAYS)}`,
        ],
      ],
    );
    console.log(`\n${EVENTS.toLocaleString('en')} webhook events, two instances on one PostgreSQL\n`);
    printTable(
      [
        'events',
        'delivered',
        'attempts',
        'retried (503 first)',
        'twice after a 2xx',
        'seconds',
        'events/s',
        'budget',
      ],
      [
        [
          EVENTS.toLocaleString('en'),
          receiver.seen.size.toLocaleString('en'),
          attempts[0].n.toLocaleString('en'),
          retried,
          twiceAfterSuccess,
          seconds.toFixed(1),
          Math.round(EVENTS / seconds).toLocaleString('en'),
          `each once ${mark(receiver.seen.size === EVENTS && twiceAfterSuccess === 0)}`,
        ],
      ],
    );
  } finally {
    await client.end().catch(() => {});
    for (const server of servers) await stopServer(server.child);
    receiver.close();
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
