import { afterEach, describe, expect, it } from 'vitest';
import { TEST_HASH_COST } from '../../../tests/support/test-admin';
import { resetConfig } from '../config';
import { hashPassword, verifyPassword } from './passwords';

/** The behaviour that does not depend on the cost runs at the test servers' cheap one. */
function atTestCost(): void {
  Object.assign(process.env, { NODE_ENV: 'test', PASSWORD_HASH_COST: String(TEST_HASH_COST) });
  resetConfig();
}

afterEach(() => {
  delete process.env['PASSWORD_HASH_COST'];
  resetConfig();
});

describe('passwords', () => {
  it('hashes at the production cost by default and verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
  });

  it('says no, after the same work, when there is no stored hash', async () => {
    const started = performance.now();
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
    // Two full derivations at the production cost; a shortcut would take microseconds.
    expect(performance.now() - started).toBeGreaterThan(50);
  });

  it('gives the same password a fresh salt each time', async () => {
    atTestCost();
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(new RegExp(`^scrypt\\$${2 ** TEST_HASH_COST}\\$8\\$1\\$`));
    expect(first.split('$')[4]).not.toBe(second.split('$')[4]);
    expect(await verifyPassword('correct horse battery staple', second)).toBe(true);
  });

  it('verifies the same password typed in another Unicode composition (NFC, NFD, NFKC)', async () => {
    atTestCost();
    const composed = 'Crème brûlée à la façon de Zoë'.normalize('NFC');
    const stored = await hashPassword(composed.normalize('NFD'));
    expect(await verifyPassword(composed, stored)).toBe(true);
    expect(await verifyPassword(composed.normalize('NFD'), stored)).toBe(true);
    // Full-width letters are the same password under NFKC.
    expect(await verifyPassword('Ｃrème brûlée à la façon de Zoë', stored)).toBe(true);
    expect(await verifyPassword('Creme brulee a la facon de Zoe', stored)).toBe(false);
  });
});
