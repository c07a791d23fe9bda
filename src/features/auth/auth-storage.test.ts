import { describe, expect, it } from 'vitest';
import {
  clearAdminState,
  OTP_CHALLENGE_KEY,
  readOtpChallenge,
  readResetChallenge,
  readResetToken,
  RESET_CHALLENGE_KEY,
  RESET_TOKEN_KEY,
  resendAtFrom,
  save,
} from './auth-storage';

/** A Storage over a Map: enough of the Web Storage API for these helpers. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

describe('auth storage', () => {
  it('round-trips a sign-in challenge', () => {
    const storage = memoryStorage();
    const challenge = { otpToken: 't', email: 'a@b.c', expiresAt: '2030-01-01T00:00:00.000Z', resendAt: 5 };
    save(OTP_CHALLENGE_KEY, challenge, storage);
    expect(readOtpChallenge(storage)).toEqual(challenge);
  });

  it('ignores missing, malformed or incomplete values', () => {
    expect(readOtpChallenge(memoryStorage())).toBeNull();
    expect(readOtpChallenge(memoryStorage({ [OTP_CHALLENGE_KEY]: '{oops' }))).toBeNull();
    expect(readOtpChallenge(memoryStorage({ [OTP_CHALLENGE_KEY]: '{"otpToken":"t"}' }))).toBeNull();
    expect(readResetChallenge(memoryStorage({ [RESET_CHALLENGE_KEY]: '"text"' }))).toBeNull();
    expect(readResetToken(memoryStorage({ [RESET_TOKEN_KEY]: '' }))).toBeNull();
    expect(readOtpChallenge(null)).toBeNull();
  });

  it('defaults an unreadable resend time to "now"', () => {
    const storage = memoryStorage({ [RESET_CHALLENGE_KEY]: '{"email":"a@b.c","resendAt":"soon"}' });
    expect(readResetChallenge(storage)).toEqual({ email: 'a@b.c', resendAt: 0 });
  });

  it('stores the reset token as plain text', () => {
    const storage = memoryStorage();
    save(RESET_TOKEN_KEY, 'abc', storage);
    expect(storage.getItem(RESET_TOKEN_KEY)).toBe('abc');
    expect(readResetToken(storage)).toBe('abc');
  });

  it('turns seconds into an absolute resend time', () => {
    expect(resendAtFrom(60, 1_000)).toBe(61_000);
    expect(resendAtFrom(undefined, 1_000)).toBe(1_000);
    expect(resendAtFrom(-5, 1_000)).toBe(1_000);
  });

  it('clears the tab and the admin keys at logout, keeping other preferences', () => {
    const session = memoryStorage({ [OTP_CHALLENGE_KEY]: '{}' });
    const local = memoryStorage({ 'admin:recent': '[]', theme: 'dark' });
    clearAdminState(session, local);
    expect(session.length).toBe(0);
    expect(local.getItem('admin:recent')).toBeNull();
    expect(local.getItem('theme')).toBe('dark');
  });
});
