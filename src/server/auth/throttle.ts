import { inArray, eq, or, sql } from 'drizzle-orm';
import { db, type Db, type Tx } from '../db/client';
import { loginThrottles } from '../db/schema';
import { addressBucket } from '../http/address-bucket';

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

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Per account and client address together: five free tries, then a wait that doubles (1, 2, 4…
 * minutes) up to an hour, counted over a day. It slows one address's guesses at one account without
 * touching the account's owner elsewhere, and keeps one address under 35 failures a day, so it alone
 * can never reach the account-wide lock below.
 */
export const PER_ACCOUNT_ADDRESS: ThrottleRule = {
  windowMs: DAY,
  blockFor: (failures) => (failures >= 5 ? Math.min(2 ** (failures - 5), 60) * MINUTE : 0),
};

/** Failed passwords per account, from all addresses together, before the account locks. */
export const MAX_ACCOUNT_FAILURES = 100;

/**
 * Per account, whatever the address: 100 failures within a day (NIST SP 800-63B's ceiling for
 * consecutive failures) lock it for an hour, and each failure after that, until the day is out, for
 * another hour. Only guesses spread over many addresses get here; a right password, a reset or the
 * end of the day clears the count.
 */
export const PER_ACCOUNT: ThrottleRule = {
  windowMs: DAY,
  blockFor: (failures) => (failures >= MAX_ACCOUNT_FAILURES ? HOUR : 0),
};

/**
 * Wrong reset codes per email address typed, known or not, so the answers cannot tell them apart:
 * five per code sent, then blocked until the hour is out. A newly issued code clears this count,
 * but not the one across codes below.
 */
export const PER_RESET_EMAIL: ThrottleRule = {
  windowMs: 60 * MINUTE,
  blockFor: (failures, started, now) => (failures >= 5 ? started.getTime() + 60 * MINUTE - now : 0),
};

/** Wrong reset codes in a row per email address typed, across codes, before codes are refused. */
export const MAX_WRONG_RESET_CODES = 10;

/**
 * Per email address typed, wrong reset codes in a row across codes and client addresses (no window:
 * only a right code or a password reset clears them): at 10, codes for that address are refused for
 * a day, and every wrong code after that for another day; asking for a new code lifts nothing. About
 * 375 guesses a year at one 6-digit code space. The mailed link is not a code and still works, so
 * the block cannot keep an admin from resetting.
 */
export const WRONG_RESET_CODES_PER_EMAIL: ThrottleRule = {
  windowMs: Infinity,
  blockFor: (failures) => (failures >= MAX_WRONG_RESET_CODES ? DAY : 0),
};

/** Wrong reset codes per client address, whatever the email: 20 an hour. */
export const RESET_CODES_PER_IP: ThrottleRule = {
  windowMs: 60 * MINUTE,
  blockFor: (failures, started, now) => (failures >= 20 ? started.getTime() + 60 * MINUTE - now : 0),
};

/** Password-reset requests per client address: every request counts, not only failures. */
export const RESET_REQUESTS_PER_IP: ThrottleRule = PER_IP;

/**
 * Registrations per client address (ALLOW_REGISTRATION=true): every one that reaches the password
 * hash counts, made or refused: five an hour. A person registers once; five hashes at once also
 * leave most of the hashing queue to sign-ins.
 */
export const REGISTRATIONS_PER_IP: ThrottleRule = {
  windowMs: HOUR,
  blockFor: (failures, started, now) => (failures >= 5 ? started.getTime() + HOUR - now : 0),
};

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

/** Wrong app or recovery codes in a row per account, across challenges, before they are refused. */
export const MAX_WRONG_FACTOR_CODES = 10;

/**
 * Per account, wrong app and recovery codes in a row (no window: only a right code or a password
 * reset clears them): at 10 the account's code sign-in closes for a day, and each wrong code after
 * that for another. About 3,650 guesses a year at a million app codes. Passkeys still sign in.
 */
export const WRONG_FACTOR_CODES_PER_ACCOUNT: ThrottleRule = {
  windowMs: Infinity,
  blockFor: (failures) => (failures >= MAX_WRONG_FACTOR_CODES ? DAY : 0),
};

/** Wrong app and recovery codes per client address, whatever the account: 20 an hour. */
export const FACTOR_CODES_PER_IP: ThrottleRule = {
  windowMs: HOUR,
  blockFor: (failures, started, now) => (failures >= 20 ? started.getTime() + HOUR - now : 0),
};

// Every key that counts a client address counts its bucket: an IPv6 address by its /64.
export const ipKey = (ip: string) => `ip:${addressBucket(ip)}`;
export const resetRequestKey = (ip: string) => `reset-request:${addressBucket(ip)}`;
export const resetCodeKey = (email: string) => `reset-code:${email.trim().toLowerCase()}`;
export const resetCodeIpKey = (ip: string) => `reset-code-ip:${addressBucket(ip)}`;
/** When a reset code was last (really or notionally) sent to an address no admin has. */
export const resetSentKey = (email: string) => `reset-sent:${email.trim().toLowerCase()}`;
export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
/** Every per-address key of one account starts with this (see clearAccountThrottles). */
const accountAddressPrefix = (email: string) => `account-ip:${email.trim().toLowerCase()}|`;
export const accountAddressKey = (email: string, ip: string) =>
  `${accountAddressPrefix(email)}${addressBucket(ip)}`;
export const wrongResetCodesKey = (email: string) => `reset-codes:${email.trim().toLowerCase()}`;
export const registerKey = (ip: string) => `register:${addressBucket(ip)}`;
export const wrongCodesKey = (adminId: number) => `codes:${adminId}`;
export const factorCodesKey = (adminId: number) => `factor-codes:${adminId}`;
export const factorCodesIpKey = (ip: string) => `factor-codes-ip:${addressBucket(ip)}`;

/**
 * The keys whose rule has no window (wrong codes in a row): their count stands until a right code
 * or a reset, so the purge (purge.ts) keeps them far longer than the others.
 */
export const LONG_MEMORY_KEY_PREFIXES = [
  wrongCodesKey(0).replace(/\d+$/, ''),
  wrongResetCodesKey(''),
  factorCodesKey(0).replace(/\d+$/, ''),
];

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
        lastTryAt: sql`now()`,
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

/** An account's password counts, account-wide and from every address (a new password clears them). */
export async function clearAccountThrottles(tx: Db | Tx, email: string): Promise<void> {
  await tx
    .delete(loginThrottles)
    .where(
      or(
        eq(loginThrottles.key, accountKey(email)),
        sql`starts_with(${loginThrottles.key}, ${accountAddressPrefix(email)})`,
      ),
    );
}
