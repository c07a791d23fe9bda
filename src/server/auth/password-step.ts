import { eq, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { admins, type Admin } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashLimiter, refusedForLoad } from './hash-limiter';
import { verifyPassword } from './passwords';
import type { RequestMeta } from './request-meta';
import {
  accountKey,
  claimTries,
  clearThrottle,
  ipKey,
  PER_ACCOUNT,
  PER_IP,
  retryAfterSeconds,
  settle,
  wrongCodesKey,
} from './throttle';

export async function findAdminByEmail(email: string): Promise<Admin | null> {
  const [admin] = await (
    await db()
  )
    .select()
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, email.trim().toLowerCase()));
  return admin ?? null;
}

/** 429 with Retry-After, the wait also in the body for islands that show a countdown. */
export function throttled(seconds: number, messageKey = 'auth.throttled'): HttpError {
  return new HttpError(429, messageKey, {
    values: { minutes: Math.ceil(seconds / 60) },
    headers: { 'retry-after': String(seconds) },
    body: { retryAfter: seconds },
  });
}

/**
 * Checks an email and password, for the admin sign-in and the account API alike. Unknown email and
 * wrong password take the same path (two throttle counts, one scrypt run, one audit row) and give
 * the same 401, so neither answer nor timing tells whether an account exists.
 *
 * The try is counted per client address and per account BEFORE the hash runs (see claimTries), so
 * parallel guesses cannot slip in between a check and a count. A right password gives the address
 * its try back and clears the account's count.
 */
export async function checkPassword(
  email: string,
  password: string,
  meta: RequestMeta,
  failedAction: string,
): Promise<Admin> {
  const keys = { ip: ipKey(meta.ip), account: accountKey(email) };
  const database = await db();
  // With hashing saturated the try could not be checked: refuse (503) before counting it.
  const busy = hashLimiter().refusal();
  if (busy !== null) throw refusedForLoad(busy);
  const claim = await claimTries(database, [
    [keys.ip, PER_IP],
    [keys.account, PER_ACCOUNT],
  ]);
  if (!claim.ok) throw throttled(claim.retryAfter);

  const admin = await findAdminByEmail(email);
  let valid: boolean;
  try {
    valid = await verifyPassword(password, admin?.passwordHash);
  } catch (error) {
    // The last hashing slot went to someone else meanwhile: the try was never checked, so it is given back.
    await database.transaction(async (tx) => {
      await settle(tx, keys.ip, PER_IP);
      await settle(tx, keys.account, PER_ACCOUNT);
    });
    throw error;
  }
  // An invited admin has no password yet (nothing matches their hash): a wrong password, plainly.
  if (!admin || !valid || admin.status === 'invited') {
    await audit(database, {
      adminId: admin?.id ?? null,
      action: failedAction,
      target: email.slice(0, 254),
      ip: meta.ip,
    });
    throw new HttpError(401, 'auth.invalidCredentials');
  }
  // Disabled: said only to whoever knows the password (no enumeration); the try stays counted.
  if (admin.status !== 'active') {
    await audit(database, {
      adminId: admin.id,
      action: 'admin.login_refused',
      target: email.slice(0, 254),
      detail: failedAction,
      ip: meta.ip,
    });
    throw new HttpError(403, 'admins.api.signInDisabled');
  }
  await database.transaction(async (tx) => {
    await settle(tx, keys.ip, PER_IP);
    await clearThrottle(tx, keys.account);
  });
  // Locked after too many wrong codes: said only to whoever knows the password (no enumeration).
  const locked = await retryAfterSeconds([wrongCodesKey(admin.id)]);
  if (locked > 0) throw throttled(locked);
  return admin;
}

/**
 * Checks the password of an admin already known (a signed-in admin confirming a change) on the
 * sign-in counters, so wrong tries here and at sign-in add up: the try is claimed per client
 * address and per account BEFORE the hash runs, a saturated hasher refuses (503) before counting,
 * a blocked key answers 429. A wrong password is audited as `failedAction` and stays counted
 * (null); a right one gives the address its try back, clears the account's count, and returns the
 * admin row as checked (its `passwordHash` lets the caller detect a change landing meanwhile).
 */
export async function confirmOwnPassword(
  adminId: number,
  password: string,
  meta: RequestMeta,
  failedAction: string,
): Promise<Admin | null> {
  const database = await db();
  const [admin] = await database.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw new HttpError(401, 'api.error.unauthorized');
  const keys = { ip: ipKey(meta.ip), account: accountKey(admin.email) };
  const busy = hashLimiter().refusal();
  if (busy !== null) throw refusedForLoad(busy);
  const claim = await claimTries(database, [
    [keys.ip, PER_IP],
    [keys.account, PER_ACCOUNT],
  ]);
  if (!claim.ok) throw throttled(claim.retryAfter);
  let valid: boolean;
  try {
    valid = await verifyPassword(password, admin.passwordHash);
  } catch (error) {
    // Refused by the hasher after all: the try was never checked, so it is given back.
    await database.transaction(async (tx) => {
      await settle(tx, keys.ip, PER_IP);
      await settle(tx, keys.account, PER_ACCOUNT);
    });
    throw error;
  }
  if (!valid) {
    await audit(database, { adminId: admin.id, action: failedAction, ip: meta.ip });
    return null;
  }
  await database.transaction(async (tx) => {
    await settle(tx, keys.ip, PER_IP);
    await clearThrottle(tx, keys.account);
  });
  return admin;
}
