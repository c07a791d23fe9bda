import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a•••@example.com');
    expect(maskEmail(' Bob.Smith@Example.org ')).toBe('B•••@Example.org');
  });

  it('hides the length of short local parts too', () => {
    expect(maskEmail('a@example.com')).toBe('a•••@example.com');
  });

  it('splits at the last @ and keeps a non-BMP first character whole', () => {
    expect(maskEmail('"odd@name"@example.com')).toBe('"•••@example.com');
    expect(maskEmail('😀x@example.com')).toBe('😀•••@example.com');
  });

  it('copes with text that is not an address', () => {
    expect(maskEmail('')).toBe('•••');
    expect(maskEmail('@example.com')).toBe('•••@example.com');
    expect(maskEmail('nobody')).toBe('n•••');
  });
});
