// `npm run bench:ssr`: how fast the built server renders pages under load (issue #14, item 2).
// Serves the build with NODE_ENV=production on PGlite with the demo data, signs an admin in (a
// session cookie), and loads each target in turn with 50 kept-alive connections after a warm-up,
// printing requests/s, p50 and p99, then the p50 of one connection alone, then a PASS/FAIL line
// per budget: every signed-in page at least 500 requests/s with p99 under 200 ms.
// With --baseline <git-ref> it also builds that commit in a temporary git worktree and measures
// both builds alternately in the same run (issue #25): per target the ratio new/baseline, and a
// verdict per target (signed-in pages and / and /about at least as fast, signed-in p99 no worse,
// one connection's p50 of a signed-in page under 15 ms), and the server's CPU time per request,
// steadier than requests per second on a shared machine. A measurement tool: it exits 0 when
// budgets fail, 1 only when it could not measure.
//
//   npm run bench:ssr                          build, then 3 rounds of every target (medians)
//   npm run bench:ssr -- --no-build --rounds 1 a quick rerun on the current dist/
//   npm run bench:ssr -- --baseline main       this build against main's, side by side
//   npm run bench:ssr -- --no-build --only /dashboard --cpu-prof /tmp/prof
//                                              load one page while the server writes a CPU profile
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prepareBaseline, resolveRef } from './bench/baseline-build.mjs';
import { startSsrServer, stopSsrServer } from './bench/ssr-load.mjs';
import { measureBuilds, pairedCpuRatio, pairedRatio, summarize } from './bench/ssr-measure.mjs';
import { printTable } from './bench/table.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `Usage: npm run bench:ssr -- [options]
  --connections N    concurrent connections (default 50)
  --seconds S        measured seconds per target and round (default 5)
  --warmup W         unmeasured seconds per target before its first round (default 2)
  --rounds R         rounds over all targets; figures are the medians (default 3)
  --single-seconds S seconds of one connection alone per target, for its p50 (default 3; 0: skip)
  --only PATH        measure just this target (repeatable)
  --baseline REF     also build the commit REF names (in a temporary git worktree) and measure
                     both builds alternately: ratios new/baseline and a verdict per target
  --keep-baseline    keep that worktree and its build for the next run with the same commit
  --cpu-prof DIR     the server writes a V8 CPU profile into DIR when it stops (this build only)
  --no-build         reuse dist/ instead of running npm run build`;

/** `/` and `/about` are public pages: a session would only redirect them, so they go without. */
const TARGETS = [
  { path: '/healthz', signedIn: false },
  { path: '/', signedIn: false, compared: true },
  { path: '/about', signedIn: false, compared: true },
  { path: '/dashboard', signedIn: true, budget: true },
  { path: '/users', signedIn: true, budget: true },
  { path: '/puzzles', signedIn: true, budget: true },
  { path: '/help-center', signedIn: true, budget: true },
  { path: '/notifications', signedIn: true, budget: true },
  { path: '/aboutus', signedIn: true, budget: true },
  { path: '/profile', signedIn: true, budget: true },
  { path: '/account-setting', signedIn: true, budget: true },
  { path: '/api/admin/getprofile', signedIn: true },
];
const BUDGET = { rps: 500, p99: 200 };
/** Issue #25: one connection's p50 of every signed-in page, in ms. */
const SINGLE_P50_MS = 15;

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      connections: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '3' },
      'single-seconds': { type: 'string', default: '3' },
      only: { type: 'string', multiple: true },
      baseline: { type: 'string' },
      'keep-baseline': { type: 'boolean', default: false },
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
    singleSeconds: count('single-seconds', 0),
    targets,
    baseline: values.baseline,
    keepBaseline: values['keep-baseline'],
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    build: !values['no-build'],
    help: values.help,
  };
}

function heading(options, builds) {
  console.log(
    `\n${options.connections} connections, ${options.seconds} s per target and round, ` +
      `median of ${options.rounds} round(s)${builds}; 1 connection: ${options.singleSeconds} s per target\n`,
  );
}

function report(runs, options) {
  const figures = options.targets.map((target) => ({ ...target, ...summarize(runs.new, target) }));
  heading(options, '');
  printTable(
    ['target', 'signed in', 'requests/s', 'p50 ms', 'p99 ms', 'p50 ms, 1 conn', 'errors'],
    figures.map((f) => [
      f.path,
      f.signedIn ? 'yes' : 'no',
      f.rps.toFixed(0),
      f.p50,
      f.p99,
      f.singleP50,
      f.errors,
    ]),
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

/** The issue #25 targets for one target's figures against the baseline's; null when none apply. */
function verdict(target, fresh, base, ratio) {
  if (!target.budget && !target.compared) return null;
  const failures = [];
  if (!(ratio >= 1)) failures.push(`ratio ${ratio.toFixed(2)} < 1.00`);
  if (target.budget && fresh.p99 > base.p99) failures.push(`p99 ${fresh.p99} ms > ${base.p99} ms`);
  if (target.budget && !(fresh.singleP50 < SINGLE_P50_MS))
    failures.push(`1-connection p50 ${fresh.singleP50} ms >= ${SINGLE_P50_MS} ms`);
  if (fresh.errors > 0) failures.push(`${fresh.errors} errors`);
  return failures.length ? `FAIL ${target.path}: ${failures.join(', ')}` : `PASS ${target.path}`;
}

function compare(runs, options, baseline) {
  heading(options, `, alternating this build and ${options.baseline} (${baseline.commit.slice(0, 7)})`);
  const rows = options.targets.map((target) => {
    const fresh = summarize(runs.new, target);
    const base = summarize(runs.baseline, target);
    const ratio = pairedRatio(runs.new, runs.baseline, target);
    const cpuRatio = pairedCpuRatio(runs.new, runs.baseline, target);
    return { target, fresh, base, ratio, cpuRatio, verdict: verdict(target, fresh, base, ratio) };
  });
  printTable(
    [
      'target',
      'baseline req/s',
      'new req/s',
      'ratio',
      'p50 ms (base → new)',
      'p99 ms (base → new)',
      'p50 ms 1 conn (base → new)',
      'CPU ms/request (base → new)',
      'CPU ratio',
    ],
    rows.map(({ target, fresh, base, ratio, cpuRatio }) => [
      target.path,
      base.rps.toFixed(0),
      fresh.rps.toFixed(0),
      ratio.toFixed(2),
      `${base.p50} → ${fresh.p50}`,
      `${base.p99} → ${fresh.p99}`,
      `${base.singleP50} → ${fresh.singleP50}`,
      `${base.cpu.toFixed(2)} → ${fresh.cpu.toFixed(2)}`,
      cpuRatio.toFixed(2),
    ]),
  );
  console.log(
    "\nratio: new/baseline requests per second (median of the rounds' own ratios); CPU ratio: " +
      'new/baseline server CPU time per request, which a busy machine disturbs far less.',
  );
  console.log('');
  for (const row of rows) if (row.verdict) console.log(row.verdict);
}

function build(dir) {
  const result = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build exited with ${result.status}`);
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) return console.log(USAGE);
  // Resolved before anything is built, so a mistyped ref fails at once.
  const baselineCommit = options.baseline ? resolveRef(root, options.baseline) : undefined;
  if (options.build) build(root);
  else if (!fs.existsSync(path.join(root, 'dist', 'main.mjs')))
    throw new Error('--no-build: dist/main.mjs is missing; build first (npm run build)');
  const baseline = baselineCommit ? prepareBaseline(root, baselineCommit) : undefined;

  const nodeFlags = options.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`] : [];
  const builds = [];
  try {
    // One after the other: two PGlite start-ups and demo seeds at once would only slow both.
    builds.push({ name: 'new', server: await startSsrServer(root, nodeFlags) });
    if (baseline) builds.push({ name: 'baseline', server: await startSsrServer(baseline.root) });
    console.log(
      `\nbench:ssr: ${builds.map((b) => `${b.name} ${b.server.url}`).join(', ')} ` +
        `(PGlite, demo data, NODE_ENV=production); Node ${process.version}, ${os.cpus().length} cores, ` +
        `load average ${os.loadavg()[0].toFixed(2)}`,
    );
    const runs = await measureBuilds(builds, options);
    console.log(`\nload average at the end ${os.loadavg()[0].toFixed(2)}`);
    if (baseline) compare(runs, options, baseline);
    else report(runs, options);
  } finally {
    for (const build of builds) await stopSsrServer(build.server.child);
    if (baseline && !options.keepBaseline) baseline.remove();
    if (options.cpuProfDir) console.log(`\nCPU profile written to ${options.cpuProfDir}`);
  }
}

try {
  await main();
} catch (error) {
  console.error('bench:ssr could not measure:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
