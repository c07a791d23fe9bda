import type { BackgroundJob } from './background-job';
import { logError } from './log';

/**
 * A job that runs `round` once shortly after start (`firstAfterMs`) and then every `everyMs`,
 * one round at a time; stopping waits for the round under way and starts no other. A failed
 * round is logged under `failure` and the schedule goes on.
 */
export function everySoOften(
  failure: string,
  { firstAfterMs, everyMs }: { firstAfterMs: number; everyMs: number },
  round: (stopping: () => boolean) => Promise<unknown>,
): BackgroundJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = round(() => stopped)
        .catch((error) => logError(failure, error))
        .finally(() => schedule(everyMs));
    }, delay);
    timer.unref();
  };
  schedule(firstAfterMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
