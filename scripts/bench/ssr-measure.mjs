// The measuring part of `npm run bench:ssr`: loads every target on one or more running builds,
// alternating between builds inside each round (and reversing the order every other round), so a
// burst of load from elsewhere on a shared machine lands on both builds rather than on one.
import { load, processCpuMs } from './ssr-load.mjs';

export const median = (values) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] : NaN;

const headersOf = (server, target) => ({
  'accept-language': 'en',
  ...(target.signedIn ? { cookie: `session=${server.token}` } : {}),
});

/** The builds in this round's order: as given in odd rounds, reversed in even ones. */
const inTurn = (builds, round) => (round % 2 === 1 ? builds : [...builds].reverse());

/**
 * `builds`: [{ name, server }]. Returns, per build name, per target path, the list of runs
 * ({ rps, p50, p99, max, errors }) and the single-connection runs.
 */
export async function measureBuilds(builds, options, log = console.log) {
  const runs = Object.fromEntries(
    builds.map((build) => [build.name, { loaded: new Map(), single: new Map() }]),
  );
  const record = (kind, build, target, result) => {
    const byTarget = runs[build.name][kind];
    if (!byTarget.has(target.path)) byTarget.set(target.path, []);
    byTarget.get(target.path).push(result);
  };
  // Each run also reports the server's CPU time per request (cpu, in ms; NaN without /proc).
  const loadOn = async (build, target, extra) => {
    const before = processCpuMs(build.server.child.pid);
    const result = await load(build.server.url + target.path, {
      ...options,
      headers: headersOf(build.server, target),
      ...extra,
    });
    const after = processCpuMs(build.server.child.pid);
    const cpu = before === undefined || after === undefined ? NaN : (after - before) / result.requests;
    return { ...result, cpu };
  };

  if (options.warmup > 0) {
    for (const target of options.targets)
      for (const build of builds) await loadOn(build, target, { seconds: options.warmup });
  }
  const label = (build) => (builds.length > 1 ? `${build.name.padEnd(8)} ` : '');
  for (let round = 1; round <= options.rounds; round++) {
    for (const target of options.targets) {
      for (const build of inTurn(builds, round)) {
        const result = await loadOn(build, target);
        record('loaded', build, target, result);
        log(
          `  round ${round} ${label(build)}${target.path.padEnd(22)} ${result.rps.toFixed(0).padStart(6)} req/s` +
            `  p50 ${result.p50} ms  p99 ${result.p99} ms  max ${result.max} ms  cpu ${result.cpu.toFixed(2)} ms/req` +
            `  errors ${result.errors}`,
        );
      }
    }
  }
  // One connection, one request at a time: the time a single page takes when nothing queues.
  if (options.singleSeconds > 0) {
    for (const target of options.targets) {
      for (const build of builds) {
        const result = await loadOn(build, target, { connections: 1, seconds: options.singleSeconds });
        record('single', build, target, result);
        log(`  1 connection ${label(build)}${target.path.padEnd(22)} p50 ${result.p50} ms`);
      }
    }
  }
  return runs;
}

/** Medians of one build's runs for one target. */
export function summarize(buildRuns, target) {
  const loaded = buildRuns.loaded.get(target.path) ?? [];
  const single = buildRuns.single.get(target.path) ?? [];
  return {
    rps: median(loaded.map((r) => r.rps)),
    p50: median(loaded.map((r) => r.p50)),
    p99: median(loaded.map((r) => r.p99)),
    cpu: median(loaded.map((r) => r.cpu)),
    singleP50: median(single.map((r) => r.p50)),
    errors: [...loaded, ...single].reduce((sum, r) => sum + r.errors, 0),
  };
}

/** new/baseline CPU time per request, per round as above: below 1 means cheaper to serve. */
export function pairedCpuRatio(newRuns, baselineRuns, target) {
  const fresh = newRuns.loaded.get(target.path) ?? [];
  const base = baselineRuns.loaded.get(target.path) ?? [];
  return median(fresh.map((run, i) => run.cpu / base[i].cpu));
}

/**
 * new/baseline requests per second: the median of each round's own ratio (both builds measured
 * within seconds of each other), steadier on a noisy machine than a ratio of two medians.
 */
export function pairedRatio(newRuns, baselineRuns, target) {
  const fresh = newRuns.loaded.get(target.path) ?? [];
  const base = baselineRuns.loaded.get(target.path) ?? [];
  return median(fresh.map((run, i) => run.rps / base[i].rps));
}
