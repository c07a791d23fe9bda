// The load side of `npm run bench:ssr`: the bench server as a child process, and autocannon runs
// against it (autocannon: keep-alive connections, HDR histograms, the usual Node load generator).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const START_TIMEOUT_MS = 120_000;

/**
 * Starts scripts/bench/ssr-server.mjs under NODE_ENV=production; `nodeFlags` such as
 * `--cpu-prof` go to that Node. Resolves with the child, its address and a session token.
 */
export function startSsrServer(root, nodeFlags = []) {
  const child = spawn(
    process.execPath,
    [...nodeFlags, path.join(root, 'scripts', 'bench', 'ssr-server.mjs')],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the bench server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      const line = /^READY (.+)$/m.exec(output);
      if (!line) return;
      clearTimeout(timer);
      // Keep draining stdout (the demo sign-in banner, mail copies), or a full pipe stalls the server.
      child.stdout.off('data', onData).resume();
      resolve({ child, ...JSON.parse(line[1]) });
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stopSsrServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * One autocannon run: `connections` kept-alive connections for `seconds`. Anything but the
 * expected status counts as an error, so a page that redirects to sign-in cannot look fast.
 */
export async function load(url, { headers, connections, seconds, expectStatus = 200 }) {
  let unexpected = 0;
  const instance = autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  instance.on('response', (_client, statusCode) => {
    if (statusCode !== expectStatus) unexpected++;
  });
  const result = await instance;
  return {
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + unexpected,
  };
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 on every Linux we run). */
const CLOCK_TICKS = (() => {
  const answer = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout);
  return Number.isFinite(answer) && answer > 0 ? answer : 100;
})();

/**
 * CPU time (user + system, every thread) the process `pid` has used so far, in ms; undefined where
 * there is no /proc. What a request costs in CPU hardly depends on what else the machine runs,
 * unlike requests per second on a shared host.
 */
export function processCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) in parentheses: utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
