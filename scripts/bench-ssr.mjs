// `npm run bench:ssr`: how fast the built server renders pages under load (issue #14, item 2).
// Serves the build with NODE_ENV=production on PGlite with the demo data, signs an admin in (a
// session cookie), and loads each target in turn with 50 kept-alive connections after a warm-up,
// printing requests/s, p50 and p99, then a PASS/FAIL line per budget: every signed-in page at
// least 500 requests/s with p99 under 200 ms. A measurement tool: it exits 0 when budgets fail,
// 1 only when it could not measure.
//
//   npm run bench:ssr                          build, then 3 rounds of every target (medians)
//   npm run bench:ssr -- --no-build --rounds 1 a quick rerun on the current dist/
//   npm run bench:ssr -- --no-build --only /dashboard --cpu-prof /tmp/prof
//                                              load one page while the server writes a CPU profile
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { load, startSsrServer, stopSsrServer } from './bench/ssr-load.mjs';
import { printTable } from './bench/table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `Usage: npm run bench:ssr -- [options]
  --connections N  concurrent connections (default 50)
  --seconds S      measured seconds per target and round (default 5)
  --warmup W       unmeasured seconds per target before its first round (default 2)
  --rounds R       rounds over all targets; figures are the medians (default 3)
  --only PATH      measure just this target (repeatable)
  --cpu-prof DIR   the server writes a V8 CPU profile into DIR when it stops
  --no-build       reuse dist/ instead of running npm run build`;

/** `/` and `/about` are public pages: a session would only redirect them, so they go without. */
const TARGETS = [
  { path: '/healthz', signedIn: false },
  { path: '/', signedIn: false },
  { path: '/about', signedIn: false },
  { path: '/dashboard', signedIn: true, budget: true },
  { path: '/users', signedIn: true, budget: true },
  { path: '/puzzles', signedIn: true, budget: true },
  { path: '/help-center', signedIn: true, budget: true },
  { path: '/aboutus', signedIn: true, budget: true },
  { path: '/api/admin/getprofile', signedIn: true },
];
const BUDGET = { rps: 500, p99: 200 };

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '3' },
      only: { type: 'string', multiple: true },
      'cpu-prof': { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const count = (flag, min) => {
    const value = Number(values[flag]);
    if (!Number.isSafeInteger(value) || value < min)
      throw new Error(`--${flag} must be a whole number >= ${min}`);
    return value;
  };
  const targets = values.only ? TARGETS.filter((target) => values.only.includes(target.path)) : TARGETS;
  if (targets.length === 0) throw new Error(`--only: choose among ${TARGETS.map((t) => t.path).join(', ')}`);
  return {
    connections: count('connections', 1),
    seconds: count('seconds', 1),
    warmup: count('warmup', 0),
    rounds: count('rounds', 1),
    targets,
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    build: !values['no-build'],
    help: values.help,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function measure(server, options) {
  const runs = new Map(options.targets.map((target) => [target.path, []]));
  const headersOf = (target) => ({
    'accept-language': 'en',
    ...(target.signedIn ? { cookie: `session=${server.token}` } : {}),
  });
  for (const target of options.targets) {
    if (options.warmup > 0) {
      await load(server.url + target.path, {
        ...options,
        headers: headersOf(target),
        seconds: options.warmup,
      });
    }
  }
  for (let round = 1; round <= options.rounds; round++) {
    for (const target of options.targets) {
      const result = await load(server.url + target.path, { ...options, headers: headersOf(target) });
      runs.get(target.path).push(result);
      console.log(
        `  round ${round} ${target.path.padEnd(22)} ${result.rps.toFixed(0).padStart(6)} req/s` +
          `  p50 ${result.p50} ms  p99 ${result.p99} ms  max ${result.max} ms  errors ${result.errors}`,
      );
    }
  }
  return options.targets.map((target) => {
    const results = runs.get(target.path);
    return {
      ...target,
      rps: median(results.map((r) => r.rps)),
      p50: median(results.map((r) => r.p50)),
      p99: median(results.map((r) => r.p99)),
      errors: results.reduce((sum, r) => sum + r.errors, 0),
    };
  });
}

function report(figures, options) {
  console.log(
    `\n${options.connections} connections, ${options.seconds} s per target and round, ` +
      `median of ${options.rounds} round(s)\n`,
  );
  printTable(
    ['target', 'signed in', 'requests/s', 'p50 ms', 'p99 ms', 'errors'],
    figures.map((f) => [f.path, f.signedIn ? 'yes' : 'no', f.rps.toFixed(0), f.p50, f.p99, f.errors]),
  );
  console.log('');
  for (const f of figures.filter((target) => target.budget)) {
    const ok = f.rps >= BUDGET.rps && f.p99 < BUDGET.p99 && f.errors === 0;
    console.log(
      `${ok ? 'PASS' : 'FAIL'} ${f.path}: ${f.rps.toFixed(0)} req/s (>= ${BUDGET.rps}), ` +
        `p99 ${f.p99} ms (< ${BUDGET.p99}), ${f.errors} errors`,
    );
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) return console.log(USAGE);
  if (options.build) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`npm run build exited with ${build.status}`);
  } else if (!fs.existsSync(path.join(root, 'dist', 'main.mjs'))) {
    throw new Error('--no-build: dist/main.mjs is missing; build first (npm run build)');
  }
  const nodeFlags = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const server = await startSsrServer(root, nodeFlags);
  try {
    console.log(
      `\nbench:ssr: ${server.url} (PGlite, demo data, NODE_ENV=production); ` +
        `Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)}`,
    );
    report(await measure(server, options), options);
  } finally {
    await stopSsrServer(server.child);
    if (options.cpuProfDir) console.log(`\nCPU profile written to ${options.cpuProfDir}`);
  }
}

try {
  await main();
} catch (error) {
  console.error('bench:ssr could not measure:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
