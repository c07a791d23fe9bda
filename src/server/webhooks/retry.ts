/**
 * When a failed delivery is tried again, by the number of attempts made so far: the first retry
 * within 30 seconds, then backing off to a day; the eighth attempt is the last. The schedule is
 * fixed (no jitter): the lease and `SKIP LOCKED` already spread the work over instances.
 */
const RETRY_AFTER_SECONDS = [10, 60, 5 * 60, 30 * 60, 2 * 3600, 8 * 3600, 24 * 3600];
export const MAX_ATTEMPTS = RETRY_AFTER_SECONDS.length + 1;

/** Seconds until the next attempt after `attempts` failed ones, or null when none is left. */
export function retryAfterSeconds(attempts: number): number | null {
  return attempts >= MAX_ATTEMPTS ? null : RETRY_AFTER_SECONDS[attempts - 1]!;
}

/** An endpoint failing this long without one success is turned off. */
export const DISABLE_AFTER = '3 days';
