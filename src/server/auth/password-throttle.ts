import { audit } from '../audit/service';
import { db } from '../db/client';
import {
  accountAddressKey,
  accountKey,
  claimTries,
  clearThrottle,
  ipKey,
  MAX_ACCOUNT_FAILURES,
  PER_ACCOUNT,
  PER_ACCOUNT_ADDRESS,
  PER_IP,
  settle,
} from './throttle';
import { addressTarget } from '../../shared/audit/vocabulary';

/**
 * The three counts one password try is claimed on, in the one order every claim uses: the client
 * address (whatever the account), the account from that address (quick to slow down), and the
 * account from everywhere (locks only after far more failures than one address can make).
 */
export function passwordKeys(email: string, ip: string) {
  return {
    ip: ipKey(ip),
    pair: accountAddressKey(email, ip),
    account: accountKey(email),
  };
}
export type PasswordKeys = ReturnType<typeof passwordKeys>;

/** Claims the try on all three counts at once; nothing is counted when any of them is blocked. */
export async function claimPasswordTry(
  keys: PasswordKeys,
): Promise<{ ok: true; accountFailures: number } | { ok: false; retryAfter: number }> {
  const claim = await claimTries(await db(), [
    [keys.ip, PER_IP],
    [keys.pair, PER_ACCOUNT_ADDRESS],
    [keys.account, PER_ACCOUNT],
  ]);
  return claim.ok ? { ok: true, accountFailures: claim.failures[2]! } : claim;
}

/** The hasher refused after all: the try was never checked, so every count gets it back. */
export async function giveBackTry(keys: PasswordKeys): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    await settle(tx, keys.ip, PER_IP);
    await settle(tx, keys.pair, PER_ACCOUNT_ADDRESS);
    await settle(tx, keys.account, PER_ACCOUNT);
  });
}

/** A right password: the address gets its try back, and the account's counts start again. */
export async function passwordRight(keys: PasswordKeys): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    await settle(tx, keys.ip, PER_IP);
    await clearThrottle(tx, keys.pair);
    await clearThrottle(tx, keys.account);
  });
}

/** The failure that starts the account-wide lock is audited, with the admin's id when there is one. */
export async function auditAccountLock(adminId: number | null, email: string, failures: number, ip: string) {
  if (failures !== MAX_ACCOUNT_FAILURES) return;
  await audit(await db(), {
    adminId,
    action: 'auth.account_locked',
    target: addressTarget(email),
    detail: `${failures} wrong passwords from all addresses`,
    ip,
  });
}
