import { describe, expect, it } from 'vitest';
import { clearAdminState } from './auth-storage';

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
  it('clears the tab and the admin keys at logout, keeping other preferences', () => {
    const session = memoryStorage({ 'otp-challenge': '{}' });
    const local = memoryStorage({ 'admin:recent': '[]', theme: 'dark' });
    clearAdminState(session, local);
    expect(session.length).toBe(0);
    expect(local.getItem('admin:recent')).toBeNull();
    expect(local.getItem('theme')).toBe('dark');
  });

  it('copes with a browser that refuses storage', () => {
    expect(() => clearAdminState(null, null)).not.toThrow();
  });
});
