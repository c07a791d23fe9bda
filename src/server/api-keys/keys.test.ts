import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { hashToken } from '../auth/tokens';
import { looksLikeApiKey, newApiKey, PREFIX_LENGTH } from './keys';

describe('newApiKey', () => {
  it('makes a pzk_ key of 256 random bits, its SHA-256 and a 12-character prefix', () => {
    const { key, hash, prefix } = newApiKey();
    expect(key).toMatch(/^pzk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashToken(key));
    expect(prefix).toBe(key.slice(0, PREFIX_LENGTH));
    expect(looksLikeApiKey(key)).toBe(true);
    expect(newApiKey().key).not.toBe(key);
  });

  it('tells a key from other bearer tokens before any SQL', () => {
    for (const value of [
      '',
      'pzk_',
      `pzk_${'a'.repeat(42)}`,
      `pzk_${'a'.repeat(44)}`,
      `xyz_${'a'.repeat(43)}`,
    ]) {
      expect(looksLikeApiKey(value), value).toBe(false);
    }
  });
});

describe('APP_RATE_LIMIT', () => {
  it('is 600 requests a minute unless set, and must be a whole number from 1', () => {
    expect(parseConfig({}).APP_RATE_LIMIT).toBe(600);
    expect(parseConfig({ APP_RATE_LIMIT: '5' }).APP_RATE_LIMIT).toBe(5);
    for (const value of ['0', '-1', '2.5', 'lots']) {
      expect(() => parseConfig({ APP_RATE_LIMIT: value }), value).toThrow(/APP_RATE_LIMIT /);
    }
  });
});
