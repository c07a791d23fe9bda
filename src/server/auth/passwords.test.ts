import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', first)).toBe(false);
  });

  it('says no, after the same work, when there is no stored hash', async () => {
    const started = performance.now();
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
    // Two full derivations; a shortcut would take microseconds.
    expect(performance.now() - started).toBeGreaterThan(50);
  });

  it('verifies the same password typed in another Unicode composition (NFC, NFD, NFKC)', async () => {
    const composed = 'Crème brûlée à la façon de Zoë'.normalize('NFC');
    const stored = await hashPassword(composed.normalize('NFD'));
    expect(await verifyPassword(composed, stored)).toBe(true);
    expect(await verifyPassword(composed.normalize('NFD'), stored)).toBe(true);
    // Full-width letters are the same password under NFKC.
    expect(await verifyPassword('Ｃrème brûlée à la façon de Zoë', stored)).toBe(true);
    expect(await verifyPassword('Creme brulee a la facon de Zoe', stored)).toBe(false);
  });
});
