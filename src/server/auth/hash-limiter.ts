import os from 'node:os';
import { HttpError } from '../http/errors';
import { processGlobal } from '../process-global';

export interface HashLimiterOptions {
  /** Derivations that may run at once. */
  concurrency: number;
  /** Derivations that may wait for a free slot; beyond that, callers are turned away at once. */
  queue: number;
  /** First guess of one derivation's duration, for Retry-After until real runs are measured. */
  initialMs?: number;
}

export interface HashLimiter {
  /** Runs `task` in a free slot or waits in the queue for one; rejects if neither is free. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Null while a slot or a queue place is free; otherwise seconds until the backlog should clear. */
  refusal(): number | null;
  readonly active: number;
  readonly waiting: number;
}

/**
 * Bounds concurrent work (here: scrypt, ~128 MiB and ~0.5 s of one core each) to `concurrency`
 * running plus `queue` waiting. It knows nothing of HTTP: one instance is shared by the two server
 * bundles of the process (see process-global.ts), and an HttpError made by one bundle's copy of
 * the class is not `instanceof` the other's. `runLimited` turns a refusal into a 503.
 */
export function createHashLimiter({ concurrency, queue, initialMs = 500 }: HashLimiterOptions): HashLimiter {
  if (!(concurrency >= 1) || !(queue >= 0)) throw new RangeError('concurrency >= 1 and queue >= 0');
  let active = 0;
  const waiters: Array<() => void> = [];
  let averageMs = initialMs;

  const release = () => {
    const next = waiters.shift();
    if (next) next();
    else active -= 1;
  };

  const refusal = () =>
    active < concurrency || waiters.length < queue
      ? null
      : Math.max(1, Math.ceil((((active + waiters.length) / concurrency) * averageMs) / 1000));

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiters.length;
    },
    refusal,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) {
        active += 1;
      } else if (waiters.length < queue) {
        // The slot is handed over by `release`: `active` stays the same.
        await new Promise<void>((resolve) => waiters.push(resolve));
      } else {
        throw new Error(`hash limiter full: ${active} running, ${waiters.length} waiting`);
      }
      const started = performance.now();
      try {
        return await task();
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
        release();
      }
    },
  };
}

/**
 * Runs `task` under `limiter`, or refuses at once, before any work, with 503 and a Retry-After
 * (also in the body, like the 429s, for clients that show a countdown).
 */
export function runLimited<T>(limiter: HashLimiter, task: () => Promise<T>): Promise<T> {
  const seconds = limiter.refusal();
  return seconds === null ? limiter.run(task) : Promise.reject(refusedForLoad(seconds));
}

/** The 503 for a saturated limiter, made by the calling bundle's own HttpError class. */
export function refusedForLoad(seconds: number): HttpError {
  return new HttpError(503, 'auth.busy', {
    values: { seconds },
    headers: { 'retry-after': String(seconds) },
    body: { retryAfter: seconds },
  });
}

/**
 * scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, default 4), which file and DNS work
 * share, and is CPU-bound: running more at once than there are cores only adds memory (128 MiB
 * each) and latency. So: one thread fewer than the pool, at most one per core, at least one.
 */
export function defaultHashConcurrency(
  poolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4,
  cores = os.availableParallelism(),
): number {
  return Math.max(1, Math.min(poolSize - 1, cores));
}

export const HASH_QUEUE = 8;

/** One limiter per process (both server bundles share it): it bounds this process's CPU and memory. */
export function hashLimiter(): HashLimiter {
  return processGlobal('hash-limiter', () =>
    createHashLimiter({ concurrency: defaultHashConcurrency(), queue: HASH_QUEUE }),
  );
}

/** Every scrypt derivation goes through here (passwords.ts). */
export function limitHashing<T>(task: () => Promise<T>): Promise<T> {
  return runLimited(hashLimiter(), task);
}
