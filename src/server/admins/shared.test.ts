import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { NO_PASSWORD_HASH } from './shared';

const timed = async (work: () => Promise<boolean>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe('the password hash of an invited admin', () => {
  it('matches no password, throws nothing, and costs one full scrypt run like a real check', async () => {
    const real = await hashPassword('a real password here');
    for (const guess of ['', 'none', 'invited', NO_PASSWORD_HASH]) {
      await expect(verifyPassword(guess, NO_PASSWORD_HASH)).resolves.toBe(false);
    }
    const invited = await timed(() => verifyPassword('a real password here', NO_PASSWORD_HASH));
    const known = await timed(() => verifyPassword('a real password here', real));
    expect(known.result).toBe(true);
    // A skipped derivation would take well under a millisecond; scrypt at N=2^17 takes hundreds.
    expect(invited.ms).toBeGreaterThan(known.ms * 0.3);
  });
});
