import { inArray, eq, sql } from 'drizzle-orm';
import { db, type Db, type Tx } from '../db/client';
import { loginThrottles } from '../db/schema';

export interface ThrottleRule {
  /** Failures are counted within this window, from the first one. */
  windowMs: number;
  /** How long to block after `failures` failures in the window; 0 means not blocked. */
  blockFor(failures: number, windowStartedAt: Date, now: number): number;
}

const MINUTE = 60_000;

/** Per client address: 10 failed sign-ins in 15 minutes, then wait for the window to end. */
export const PER_IP: ThrottleRule = {
  windowMs: 15 * MINUTE,
  blockFor: (failures, started, now) => (failures >= 10 ? started.getTime() + 15 * MINUTE - now : 0),
};

/**
 * Per account: five free tries, then a lock that doubles (1, 2, 4, 8 minutes) up to 15 minutes.
 * The cap and a password reset (which clears it) keep an attacker from locking an admin out for good.
 */
export const PER_ACCOUNT: ThrottleRule = {
  windowMs: 60 * MINUTE,
  blockFor: (failures) => (failures >= 5 ? Math.min(2 ** (failures - 5), 15) * MINUTE : 0),
};

/** Wrong reset codes per email address, known or not, so the answers cannot tell them apart. */
export const PER_RESET_EMAIL: ThrottleRule = {
  windowMs: 60 * MINUTE,
  blockFor: (failures, started, now) => (failures >= 5 ? started.getTime() + 60 * MINUTE - now : 0),
};

/** Password-reset requests per client address: every request counts, not only failures. */
export const RESET_REQUESTS_PER_IP: ThrottleRule = PER_IP;

export const ipKey = (ip: string) => `ip:${ip}`;
export const resetRequestKey = (ip: string) => `reset-request:${ip}`;
export const resetCodeKey = (email: string) => `reset-code:${email.trim().toLowerCase()}`;
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;

/** Seconds until every given key is free again; 0 when none is blocked. */
export async function retryAfterSeconds(keys: string[]): Promise<number> {
  const rows = await (
    await db()
  )
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keys));
  const now = Date.now();
  const waits = rows.map((row) => (row.blockedUntil ? row.blockedUntil.getTime() - now : 0));
  return Math.max(0, Math.ceil(Math.max(0, ...waits) / 1000));
}

/**
 * Counts one failure for `key` (atomically, so concurrent failures all count), blocks if due, and
 * returns the failures counted in the current window.
 */
export async function recordFailure(tx: Db | Tx, key: string, rule: ThrottleRule): Promise<number> {
  const windowStart = sql`now() - ${`${rule.windowMs} milliseconds`}::interval`;
  const [row] = await tx
    .insert(loginThrottles)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${loginThrottles.windowStartedAt} < ${windowStart} then now() else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottles.failures, windowStartedAt: loginThrottles.windowStartedAt });
  const now = Date.now();
  const blockMs = rule.blockFor(row!.failures, row!.windowStartedAt, now);
  if (blockMs > 0) {
    await tx
      .update(loginThrottles)
      .set({ blockedUntil: new Date(now + blockMs) })
      .where(eq(loginThrottles.key, key));
  }
  return row!.failures;
}

export async function clearThrottle(tx: Db | Tx, key: string): Promise<void> {
  await tx.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
