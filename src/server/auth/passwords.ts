import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { normalizePassword } from '../../shared/auth/password-text';
import { config } from '../config';
import { limitHashing } from './hash-limiter';

/**
 * DESIGN.md §8: scrypt N=2^17, r=8, p=1 (PASSWORD_HASH_COST, lower only in test runs);
 * 128·N·r bytes = 128 MiB at 2^17, so maxmem is raised above it.
 */
const newHashParams = () => ({ N: 2 ** config().PASSWORD_HASH_COST, r: 8, p: 1 });
const KEY_LENGTH = 32;
const MAXMEM = 256 * 1024 * 1024;

/** One derivation of the NFKC form, so the password's Unicode composition does not matter. */
function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(normalizePassword(password), salt, KEY_LENGTH, { ...options, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * Returns `scrypt$N$r$p$salt$key` (base64url parts), self-describing so parameters can be raised later.
 * Runs under the process's hash limiter: waits for a slot, or fails at once with 503 (hash-limiter.ts).
 */
export function hashPassword(password: string): Promise<string> {
  return limitHashing(async () => {
    const salt = randomBytes(16);
    const params = newHashParams();
    const key = await derive(password, salt, params);
    return [
      'scrypt',
      params.N,
      params.r,
      params.p,
      salt.toString('base64url'),
      key.toString('base64url'),
    ].join('$');
  });
}

/**
 * Checks a password against a stored hash in constant time. With no stored hash (unknown account)
 * it still runs one full derivation, so the answer takes as long either way. Runs under the
 * process's hash limiter (hash-limiter.ts): waits for a slot, or fails at once with 503.
 */
export function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  return limitHashing(async () => {
    const [scheme, n, r, p, salt, key, ...rest] = stored?.split('$') ?? [];
    if (scheme !== 'scrypt' || !salt || !key || rest.length > 0) {
      await derive(password, randomBytes(16), newHashParams());
      return false;
    }
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
}
