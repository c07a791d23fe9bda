import { eq, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { admins, type Admin } from '../db/schema';
import { HttpError } from '../http/errors';
import { verifyPassword } from './passwords';
import type { RequestMeta } from './request-meta';
import {
  accountKey,
  clearThrottle,
  ipKey,
  PER_ACCOUNT,
  PER_IP,
  recordFailure,
  retryAfterSeconds,
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
 * wrong password take the same path (one scrypt run, two throttle counts, one audit row) and give
 * the same 401, so neither answer nor timing tells whether an account exists.
 */
export async function checkPassword(
  email: string,
  password: string,
  meta: RequestMeta,
  failedAction: string,
): Promise<Admin> {
  const keys = { ip: ipKey(meta.ip), account: accountKey(email) };
  // The lookups run in the hashing slot (see verifyPassword): when hashing is saturated, the
  // sign-in is refused with 503 at once, before any database work.
  let admin = null as Admin | null;
  const valid = await verifyPassword(password, async () => {
    const wait = await retryAfterSeconds([keys.ip, keys.account]);
    if (wait > 0) throw throttled(wait);
    admin = await findAdminByEmail(email);
    return admin?.passwordHash;
  });
  const database = await db();
  if (!admin || !valid) {
    await database.transaction(async (tx) => {
      await recordFailure(tx, keys.ip, PER_IP);
      await recordFailure(tx, keys.account, PER_ACCOUNT);
      await audit(tx, {
        adminId: admin?.id ?? null,
        action: failedAction,
        target: email.slice(0, 254),
        ip: meta.ip,
      });
    });
    throw new HttpError(401, 'auth.invalidCredentials');
  }
  await clearThrottle(database, keys.account);
  return admin;
}
