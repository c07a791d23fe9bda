import { describe, expect, it } from 'vitest';
import { newPassword } from './auth-input';
import { normalizePassword, passwordLength } from './password-text';

describe('password length', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(passwordLength('🦊'.repeat(600))).toBe(600);
    expect(passwordLength('abc')).toBe(3);
  });

  it('counts the NFKC form: the same password has one length however it is composed', () => {
    const composed = 'façade'.normalize('NFC');
    expect(passwordLength(composed.normalize('NFD'))).toBe(passwordLength(composed));
    expect(normalizePassword(composed.normalize('NFD'))).toBe(normalizePassword(composed));
  });

  it('is 8 to 1024 code points in the schema', () => {
    expect(newPassword.safeParse('🦊'.repeat(600)).success).toBe(true);
    expect(newPassword.safeParse('🦊'.repeat(1024)).success).toBe(true);
    expect(newPassword.safeParse('🦊'.repeat(1025)).success).toBe(false);
    expect(newPassword.safeParse('🦊🐙🌵🎻🧊🪐🦉').success).toBe(false);
    expect(newPassword.safeParse('🦊🐙🌵🎻🧊🪐🦉🍄').success).toBe(true);
  });
});
