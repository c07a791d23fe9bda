import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { serverSecret } from './server-secret';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = 60 * 1000;
export const MAX_SENDS = 5;
export const MAX_ATTEMPTS = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * The stored form of a code: an HMAC under a server key, bound to its challenge, so a copy of the
 * table alone cannot be brute-forced through the million possible codes.
 */
export async function codeHash(challengeTokenHash: string, code: string): Promise<string> {
  return createHmac('sha256', await serverSecret('otp-hmac'))
    .update(`${challengeTokenHash}:${code}`)
    .digest('hex');
}

export async function codeMatches(
  challengeTokenHash: string,
  code: string,
  stored: string | null,
): Promise<boolean> {
  if (!stored) return false;
  const actual = Buffer.from(await codeHash(challengeTokenHash, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
