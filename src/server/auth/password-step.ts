import { eq, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { admins, type Admin } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashLimiter, refusedForLoad } from './hash-limiter';
import { verifyPassword } from './passwords';
import type { RequestMeta } from './request-meta';
import { isSignedInStatus } from './sessions';
import {
  auditAccountLock,
  claimPasswordTry,
  giveBackTry,
  passwordKeys,
  passwordRight,
} from './password-throttle';
import { retryAfterSeconds, wrongCodesKey } from './throttle';
import type { I18nKey } from '../../i18n/keys';
import { addressTarget, type AuditAction } from '../../shared/audit/vocabulary';

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
export function throttled(seconds: number, messageKey: I18nKey = 'auth.throttled'): HttpError {
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
 * The try is counted per client address, per account from that address and per account BEFORE the
 * hash runs (see claimTries), so parallel guesses cannot slip in between a check and a count. One
 * address is slowed down at one account long before the account as a whole locks, so nobody locks
 * an admin out from one address. A right password gives the address its try back and clears the
 * account's counts.
 */
export async function checkPassword(
  email: string,
  password: string,
  meta: RequestMeta,
  failedAction: AuditAction,
): Promise<Admin> {
  const keys = passwordKeys(email, meta.ip);
  const database = await db();
  // With hashing saturated the try could not be checked: refuse (503) before counting it.
  const busy = hashLimiter().refusal();
  if (busy !== null) throw refusedForLoad(busy);
  const claim = await claimPasswordTry(keys);
  if (!claim.ok) throw throttled(claim.retryAfter);

  const admin = await findAdminByEmail(email);
  let valid: boolean;
  try {
    valid = await verifyPassword(password, admin?.passwordHash);
  } catch (error) {
    // The last hashing slot went to someone else meanwhile.
    await giveBackTry(keys);
    throw error;
  }
  // An invited admin has no password yet (nothing matches their hash): a wrong password, plainly.
  if (!admin || !valid || admin.status === 'invited') {
    await audit(database, {
      adminId: admin?.id ?? null,
      action: failedAction,
      target: addressTarget(email),
      ip: meta.ip,
    });
    await auditAccountLock(admin?.id ?? null, email, claim.accountFailures, meta.ip);
    throw new HttpError(401, 'auth.invalidCredentials');
  }
  // Disabled: said only to whoever knows the password (no enumeration); the try stays counted.
  // Pending (registered, not yet approved) signs in, to a page that says it waits.
  if (!isSignedInStatus(admin.status)) {
    await audit(database, {
      adminId: admin.id,
      action: 'admins.login_refused',
      target: addressTarget(email),
      detail: failedAction,
      ip: meta.ip,
    });
    throw new HttpError(403, 'admins.api.signInDisabled');
  }
  await passwordRight(keys);
  // Locked after too many wrong codes: said only to whoever knows the password (no enumeration).
  const locked = await retryAfterSeconds([wrongCodesKey(admin.id)]);
  if (locked > 0) throw throttled(locked);
  return admin;
}

/**
 * Checks the password of an admin already known (a signed-in admin confirming a change) on the
 * sign-in counters, so wrong tries here and at sign-in add up: the try is claimed on the same three
 * counts BEFORE the hash runs, a saturated hasher refuses (503) before counting,
 * a blocked key answers 429. A wrong password is audited as `failedAction` and stays counted
 * (null); a right one gives the address its try back, clears the account's count, and returns the
 * admin row as checked (its `passwordHash` lets the caller detect a change landing meanwhile).
 */
export async function confirmOwnPassword(
  adminId: number,
  password: string,
  meta: RequestMeta,
  failedAction: AuditAction,
): Promise<Admin | null> {
  const database = await db();
  const [admin] = await database.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) throw new HttpError(401, 'api.error.unauthorized');
  const keys = passwordKeys(admin.email, meta.ip);
  const busy = hashLimiter().refusal();
  if (busy !== null) throw refusedForLoad(busy);
  const claim = await claimPasswordTry(keys);
  if (!claim.ok) throw throttled(claim.retryAfter);
  let valid: boolean;
  try {
    valid = await verifyPassword(password, admin.passwordHash);
  } catch (error) {
    await giveBackTry(keys);
    throw error;
  }
  if (!valid) {
    await audit(database, { adminId: admin.id, action: failedAction, ip: meta.ip });
    await auditAccountLock(admin.id, admin.email, claim.accountFailures, meta.ip);
    return null;
  }
  await passwordRight(keys);
  return admin;
}
