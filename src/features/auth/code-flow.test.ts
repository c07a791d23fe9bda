import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OTP_CHALLENGE_KEY, RESET_CHALLENGE_KEY, RESET_TOKEN_KEY } from './auth-storage';
import { expiryTime, loadChallenge, resendCode, verifyCode, type Challenge } from './code-flow';

let storage: Map<string, string>;
let answer: { status: number; body: Record<string, unknown> };
const calls: { url: string; json: unknown }[] = [];

function reply(status: number, fields: Record<string, unknown> = {}) {
  answer = {
    status,
    body: { succeeded: status < 400, ResponseCode: status, ResponseMessage: `m${status}`, ...fields },
  };
}

beforeEach(() => {
  storage = new Map();
  calls.length = 0;
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, json: JSON.parse(String(init.body ?? 'null')) });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

const login: Challenge = { purpose: 'login', email: 'a@b.c', otpToken: 'tok', expiresAt: 'x', resendAt: 0 };
const reset: Challenge = { purpose: 'reset', email: 'a@b.c', resendAt: 0 };

describe('the code step', () => {
  it('loads the challenge of its purpose from the tab', () => {
    storage.set(
      OTP_CHALLENGE_KEY,
      JSON.stringify({ otpToken: 't', email: 'a@b.c', expiresAt: 'x', resendAt: 1 }),
    );
    expect(loadChallenge('login')).toMatchObject({ purpose: 'login', otpToken: 't' });
    expect(loadChallenge('reset')).toBeNull();
  });

  it('signs in with the right code and forgets the challenge', async () => {
    storage.set(OTP_CHALLENGE_KEY, '{}');
    reply(200, { ResponseBody: { adminData: { id: 1 } } });
    expect(await verifyCode(login, '123456', 'offline')).toEqual({ kind: 'done', next: '/dashboard' });
    expect(calls).toEqual([{ url: '/api/admin/verifyotp', json: { otpToken: 'tok', otp: '123456' } }]);
    expect(storage.has(OTP_CHALLENGE_KEY)).toBe(false);
  });

  it('keeps the reset token in the tab, not in the URL', async () => {
    reply(200, { ResponseBody: { resetToken: 'r' } });
    expect(await verifyCode(reset, '123456', 'offline')).toEqual({ kind: 'done', next: '/reset-password' });
    expect(calls[0]).toEqual({ url: '/api/admin/verifyresetcode', json: { email: 'a@b.c', otp: '123456' } });
    expect(storage.get(RESET_TOKEN_KEY)).toBe('r');
  });

  it('reports a wrong code, and the end of the challenge when no tries are left', async () => {
    reply(400, { errors: { otp: 'Wrong code. Tries left: 2.' }, ResponseBody: { triesLeft: 2 } });
    expect(await verifyCode(login, '000000', 'offline')).toEqual({
      kind: 'wrong',
      message: 'Wrong code. Tries left: 2.',
      triesLeft: 2,
    });
    storage.set(RESET_CHALLENGE_KEY, '{}');
    reply(410);
    expect(await verifyCode(reset, '000000', 'offline')).toEqual({ kind: 'dead', message: 'm410' });
    expect(storage.has(RESET_CHALLENGE_KEY)).toBe(false);
  });

  it('resends and remembers the new cooldown and expiry', async () => {
    reply(200, { ResponseBody: { expiresAt: 'later', resendAfter: 60, resendsLeft: 3 } });
    const outcome = await resendCode(login, 'offline');
    expect(outcome).toMatchObject({ kind: 'sent', expiresAt: 'later' });
    expect(JSON.parse(storage.get(OTP_CHALLENGE_KEY)!)).toMatchObject({
      otpToken: 'tok',
      expiresAt: 'later',
    });
  });

  it('tells "wait", "no resends left" and "gone" apart', async () => {
    reply(429, { ResponseBody: { retryAfter: 30 } });
    expect(await resendCode(reset, 'offline')).toMatchObject({ kind: 'wait', message: 'm429' });
    expect(calls.at(-1)).toEqual({ url: '/api/admin/forgotpassword', json: { email: 'a@b.c' } });
    reply(429, { ResponseBody: { resendsLeft: 0 } });
    expect(await resendCode(login, 'offline')).toEqual({ kind: 'exhausted', message: 'm429' });
    reply(410);
    expect(await resendCode(login, 'offline')).toEqual({ kind: 'dead', message: 'm410' });
  });

  it('shows the expiry time in the page language', () => {
    const at = '2030-01-01T14:05:00.000Z';
    const expected = new Intl.DateTimeFormat('fr', { hour: 'numeric', minute: '2-digit' }).format(
      new Date(at),
    );
    expect(expiryTime(at, 'fr')).toBe(expected);
    expect(expiryTime('not a date', 'en')).toBeNull();
    expect(expiryTime(undefined, 'en')).toBeNull();
  });
});
