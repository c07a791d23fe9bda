import { describe, expect, it } from 'vitest';
import { negotiateLocale } from './negotiate';

describe('negotiateLocale', () => {
  it('picks the best supported language by quality', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,fr;q=0.8,en;q=0.5')).toBe('fr');
    expect(negotiateLocale('zh-CN,zh;q=0.9')).toBe('zh');
    expect(negotiateLocale('en;q=0.2, ro;q=0.7')).toBe('ro');
  });

  it('falls back to English', () => {
    expect(negotiateLocale(null)).toBe('en');
    expect(negotiateLocale('de, ja;q=0.5')).toBe('en');
    expect(negotiateLocale('fr;q=0')).toBe('en');
  });
});
