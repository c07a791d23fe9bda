import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { createHashLimiter, defaultHashConcurrency, runLimited } from './hash-limiter';

/** A task that runs until `finish` or `fail` is called, recording how many run at once. */
function gate() {
  const pending: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let running = 0;
  let most = 0;
  const task = () =>
    new Promise<void>((resolve, reject) => {
      running += 1;
      most = Math.max(most, running);
      pending.push({
        resolve: () => ((running -= 1), resolve()),
        reject: (error) => ((running -= 1), reject(error)),
      });
    });
  return {
    task,
    finish: () => pending.shift()!.resolve(),
    fail: (error: Error) => pending.shift()!.reject(error),
    get running() {
      return running;
    },
    get most() {
      return most;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createHashLimiter', () => {
  it('runs at most `concurrency` tasks at once and starts queued ones as slots free up', async () => {
    const limiter = createHashLimiter({ concurrency: 2, queue: 3 });
    const work = gate();
    const runs = Array.from({ length: 5 }, () => limiter.run(work.task));
    await tick();
    expect(work.running).toBe(2);
    expect(limiter.active).toBe(2);
    expect(limiter.waiting).toBe(3);
    for (let done = 0; done < 5; done++) {
      work.finish();
      await tick();
    }
    await Promise.all(runs);
    expect(work.most).toBe(2);
    expect(limiter.active).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it('refuses work beyond the queue at once with a 503 and a Retry-After, without starting it', async () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 1, initialMs: 2500 });
    const work = gate();
    const running = runLimited(limiter, work.task);
    expect(limiter.refusal()).toBeNull();
    const queued = runLimited(limiter, work.task);
    let started = false;
    const refused = await runLimited(limiter, async () => {
      started = true;
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(started).toBe(false);
    expect(refused).toBeInstanceOf(HttpError);
    const { status, messageKey, options } = refused as HttpError;
    expect(status).toBe(503);
    expect(messageKey).toBe('auth.busy');
    // Two derivations of 2.5 s ahead of a retry, one at a time: 5 s.
    expect(options.headers).toEqual({ 'retry-after': '5' });
    expect(options.body).toEqual({ retryAfter: 5 });
    expect(options.values).toEqual({ seconds: 5 });
    expect(limiter.active).toBe(1);
    expect(limiter.waiting).toBe(1);
    // The bare limiter refuses too, rather than queue beyond its bound.
    await expect(limiter.run(async () => 'late')).rejects.toThrow(/full/);

    work.finish();
    await tick();
    work.finish();
    await Promise.all([running, queued]);
    // Room again once the backlog is gone.
    expect(limiter.refusal()).toBeNull();
    await expect(runLimited(limiter, async () => 'ok')).resolves.toBe('ok');
  });

  it('frees the slot when a task fails, and passes the failure on', async () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 0 });
    await expect(runLimited(limiter, () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(limiter.active).toBe(0);
    const work = gate();
    const first = limiter.run(work.task);
    await tick();
    work.fail(new Error('boom'));
    await expect(first).rejects.toThrow('boom');
    await expect(limiter.run(async () => 42)).resolves.toBe(42);
    expect(limiter.active).toBe(0);
  });

  it('hands a freed slot to the oldest waiter first', async () => {
    const limiter = createHashLimiter({ concurrency: 1, queue: 2 });
    const order: string[] = [];
    const work = gate();
    const first = limiter.run(work.task);
    const second = limiter.run(async () => void order.push('second'));
    const third = limiter.run(async () => void order.push('third'));
    work.finish();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['second', 'third']);
  });

  it('refuses nonsense settings', () => {
    expect(() => createHashLimiter({ concurrency: 0, queue: 1 })).toThrow(RangeError);
  });
});

describe('defaultHashConcurrency', () => {
  it('keeps one pool thread free and runs no more than one per core', () => {
    expect(defaultHashConcurrency(4, 2)).toBe(2);
    expect(defaultHashConcurrency(4, 16)).toBe(3);
    expect(defaultHashConcurrency(16, 8)).toBe(8);
    expect(defaultHashConcurrency(1, 8)).toBe(1);
  });
});
