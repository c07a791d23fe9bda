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

/**
 * Wrong reset codes per email address typed, known or not, so the answers cannot tell them apart:
 * five, then blocked until the hour is out. Only a newly issued code clears the count.
 */
export const PER_RESET_EMAIL: ThrottleRule = {
  windowMs: 60 * MINUTE,
  blockFor: (failures, started, now) => (failures >= 5 ? started.getTime() + 60 * MINUTE - now : 0),
};

/** Wrong reset codes per client address, whatever the email: 20 an hour. */
export const RESET_CODES_PER_IP: ThrottleRule = {
  windowMs: 60 * MINUTE,
  blockFor: (failures, started, now) => (failures >= 20 ? started.getTime() + 60 * MINUTE - now : 0),
};

/** Password-reset requests per client address: every request counts, not only failures. */
export const RESET_REQUESTS_PER_IP: ThrottleRule = PER_IP;

/** Wrong sign-in codes in a row per account, across challenges, before the account locks. */
export const MAX_WRONG_CODES = 20;
export const CODE_LOCK_MS = 60 * MINUTE;

/**
 * Per account, wrong sign-in codes in a row (no window: only a right code or a password reset
 * clears them): at 20 the account locks for an hour, and every wrong code after that for another.
 */
export const WRONG_CODES_PER_ACCOUNT: ThrottleRule = {
  windowMs: Infinity,
  blockFor: (failures) => (failures >= MAX_WRONG_CODES ? CODE_LOCK_MS : 0),
};

export const ipKey = (ip: string) => `ip:${ip}`;
export const resetRequestKey = (ip: string) => `reset-request:${ip}`;
export const resetCodeKey = (email: string) => `reset-code:${email.trim().toLowerCase()}`;
export const resetCodeIpKey = (ip: string) => `reset-code-ip:${ip}`;
/** When a reset code was last (really or notionally) sent to an address no admin has. */
export const resetSentKey = (email: string) => `reset-sent:${email.trim().toLowerCase()}`;
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const wrongCodesKey = (adminId: number) => `codes:${adminId}`;

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

const windowExpired = (rule: ThrottleRule) =>
  Number.isFinite(rule.windowMs)
    ? sql`${loginThrottles.windowStartedAt} < now() - ${`${rule.windowMs} milliseconds`}::interval`
    : sql`false`;

/** Sets (or lifts) the block a count calls for. The caller's transaction holds the row lock. */
async function applyBlock(
  tx: Db | Tx,
  key: string,
  rule: ThrottleRule,
  row: { failures: number; windowStartedAt: Date },
): Promise<Date | null> {
  const now = Date.now();
  const blockMs = rule.blockFor(row.failures, row.windowStartedAt, now);
  const blockedUntil = blockMs > 0 ? new Date(now + blockMs) : null;
  await tx.update(loginThrottles).set({ blockedUntil }).where(eq(loginThrottles.key, key));
  return blockedUntil;
}

export type Claim =
  { ok: true; failures: number; blockedUntil: Date | null } | { ok: false; retryAfter: number };

/**
 * Claims one try for `key` BEFORE the work it guards (a password hash, a code comparison): in one
 * statement, and only while the key is not blocked, the try is counted as a failure and the block
 * that failure would call for is set at once. So N parallel tries are counted as N and only the
 * tries the rule allows get through; the rest are refused without being counted. A try that then
 * succeeds gives its count back with `settle` or `clearThrottle`. Call inside a transaction: the
 * row stays locked until it commits.
 */
export async function claimTry(tx: Tx, key: string, rule: ThrottleRule): Promise<Claim> {
  const expired = windowExpired(rule);
  const now = new Date();
  const [row] = await tx
    .insert(loginThrottles)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottles.windowStartedAt} end`,
      },
      setWhere: sql`${loginThrottles.blockedUntil} is null or ${loginThrottles.blockedUntil} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ failures: loginThrottles.failures, windowStartedAt: loginThrottles.windowStartedAt });
  if (!row) {
    const [blocked] = await tx
      .select({ blockedUntil: loginThrottles.blockedUntil })
      .from(loginThrottles)
      .where(eq(loginThrottles.key, key));
    const waitMs = (blocked?.blockedUntil?.getTime() ?? 0) - Date.now();
    return { ok: false, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
  return { ok: true, failures: row.failures, blockedUntil: await applyBlock(tx, key, rule, row) };
}

class Refused extends Error {
  constructor(readonly retryAfter: number) {
    super('throttled');
  }
}

/**
 * Claims a try on every key in one transaction, in the order given (keep one order everywhere, so
 * parallel claims never wait on each other in a circle). When any key is blocked, nothing is counted.
 */
export async function claimTries(
  database: Db,
  claims: [key: string, rule: ThrottleRule][],
): Promise<{ ok: true; failures: number[] } | { ok: false; retryAfter: number }> {
  try {
    const failures = await database.transaction(async (tx) => {
      const counted: number[] = [];
      for (const [key, rule] of claims) {
        const claim = await claimTry(tx, key, rule);
        // Throwing rolls back the keys already counted.
        if (!claim.ok) throw new Refused(claim.retryAfter);
        counted.push(claim.failures);
      }
      return counted;
    });
    return { ok: true, failures };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, retryAfter: error.retryAfter };
    throw error;
  }
}

/** Gives back the try a success claimed: one failure less, and the block recomputed from that. */
export async function settle(tx: Db | Tx, key: string, rule: ThrottleRule): Promise<void> {
  const [row] = await tx
    .update(loginThrottles)
    .set({ failures: sql`greatest(${loginThrottles.failures} - 1, 0)` })
    .where(eq(loginThrottles.key, key))
    .returning({ failures: loginThrottles.failures, windowStartedAt: loginThrottles.windowStartedAt });
  if (row) await applyBlock(tx, key, rule, row);
}

export async function clearThrottle(tx: Db | Tx, key: string): Promise<void> {
  await tx.delete(loginThrottles).where(eq(loginThrottles.key, key));
}
