import { createHash, randomBytes } from 'node:crypto';

/** A random token of `bytes` bytes, URL-safe. 32 bytes = 256 bits for sessions, 16 for reset links. */
export function newToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are long and random, so a plain SHA-256 is enough to keep them useless if the table leaks. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
