import { db } from '../db/client';
import { hashLimiter, refusedForLoad } from './hash-limiter';
import { throttled } from './password-step';
import { hashPassword } from './passwords';
import type { RequestMeta } from './request-meta';
import { claimTries, registerKey, REGISTRATIONS_PER_IP, settle } from './throttle';

/**
 * Hashes a newcomer's password once the client address may register again: the registration is
 * counted BEFORE the hash (as a sign-in try is), made or refused afterwards alike, so parallel
 * requests count as many and one address cannot fill the hashing queue that sign-ins share. A
 * saturated hasher answers 503 before anything is counted; a blocked address, 429 with Retry-After.
 */
export async function hashForRegistration(password: string, meta: RequestMeta): Promise<string> {
  const busy = hashLimiter().refusal();
  if (busy !== null) throw refusedForLoad(busy);
  const key = registerKey(meta.ip);
  const database = await db();
  const claim = await claimTries(database, [[key, REGISTRATIONS_PER_IP]]);
  if (!claim.ok) throw throttled(claim.retryAfter);
  try {
    return await hashPassword(password);
  } catch (error) {
    // The last hashing slot went to someone else meanwhile: nothing was done, so nothing counts.
    await database.transaction((tx) => settle(tx, key, REGISTRATIONS_PER_IP));
    throw error;
  }
}
