import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expiryTime, resendAtFrom, resendCode, verifyCode } from './code-flow';

let answer: { status: number; body: Record<string, unknown> };
const calls: { url: string; json: unknown; credentials: RequestCredentials | undefined }[] = [];
let storageWrites = 0;

function reply(status: number, fields: Record<string, unknown> = {}) {
  answer = {
    status,
    body: { succeeded: status < 400, ResponseCode: status, ResponseMessage: `m${status}`, ...fields },
  };
}

beforeEach(() => {
  calls.length = 0;
  storageWrites = 0;
  const counting = { setItem: () => void (storageWrites += 1), getItem: () => null, removeItem: () => {} };
  vi.stubGlobal('window', { sessionStorage: counting, localStorage: counting });
  vi.stubGlobal('sessionStorage', counting);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, json: JSON.parse(String(init.body ?? 'null')), credentials: init.credentials });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the code step', () => {
  it('sends only the code: the pending sign-in rides in its HttpOnly cookie', async () => {
    reply(200, { ResponseBody: { adminData: { id: 1 } } });
    expect(await verifyCode('login', '123456', 'offline')).toEqual({ kind: 'done', next: '/dashboard' });
    expect(calls).toEqual([
      { url: '/api/admin/verifyotp', json: { otp: '123456' }, credentials: 'same-origin' },
    ]);
    expect(storageWrites).toBe(0);
  });

  it('trades a reset code for the reset page, keeping the reset token out of script and URL', async () => {
    reply(200, { ResponseBody: { resetToken: 'r' } });
    expect(await verifyCode('reset', '123456', 'offline')).toEqual({ kind: 'done', next: '/reset-password' });
    expect(calls[0]).toMatchObject({ url: '/api/admin/verifyresetcode', json: { otp: '123456' } });
    expect(storageWrites).toBe(0);
  });

  it('reports a wrong code, and the end of the step when it is over', async () => {
    reply(400, { errors: { otp: 'Wrong code. Tries left: 2.' }, ResponseBody: { triesLeft: 2 } });
    expect(await verifyCode('login', '000000', 'offline')).toEqual({
      kind: 'wrong',
      message: 'Wrong code. Tries left: 2.',
      triesLeft: 2,
    });
    reply(400, { errors: { otp: 'Wrong code. Tries left: 0.' }, ResponseBody: { triesLeft: 0 } });
    expect(await verifyCode('login', '000000', 'offline')).toMatchObject({ kind: 'dead' });
    reply(410);
    expect(await verifyCode('reset', '000000', 'offline')).toEqual({ kind: 'dead', message: 'm410' });
    reply(429, { ResponseBody: { retryAfter: 60 } });
    expect(await verifyCode('reset', '000000', 'offline')).toEqual({ kind: 'dead', message: 'm429' });
    expect(await verifyCode('login', '000000', 'offline')).toEqual({ kind: 'error', message: 'm429' });
  });

  it('resends through the cookie, with the new cooldown and expiry', async () => {
    reply(200, { ResponseBody: { expiresAt: 'later', resendAfter: 60, resendsLeft: 3 } });
    const outcome = await resendCode('login', 'offline');
    expect(outcome).toMatchObject({ kind: 'sent', expiresAt: 'later' });
    expect(calls).toMatchObject([{ url: '/api/admin/sendotp', json: {} }]);
  });

  it('tells "wait", "no resends left" and "gone" apart', async () => {
    reply(429, { ResponseBody: { retryAfter: 30 } });
    expect(await resendCode('reset', 'offline')).toMatchObject({ kind: 'wait', message: 'm429' });
    expect(calls.at(-1)).toMatchObject({ url: '/api/admin/forgotpassword', json: {} });
    reply(429, { ResponseBody: { resendsLeft: 0 } });
    expect(await resendCode('login', 'offline')).toEqual({ kind: 'exhausted', message: 'm429' });
    reply(410);
    expect(await resendCode('login', 'offline')).toEqual({ kind: 'dead', message: 'm410' });
  });

  it('turns seconds into an absolute resend time', () => {
    expect(resendAtFrom(60, 1_000)).toBe(61_000);
    expect(resendAtFrom(undefined, 1_000)).toBe(1_000);
    expect(resendAtFrom(-5, 1_000)).toBe(1_000);
  });

  it('shows the expiry time in the page language, with the zone when the server says it', () => {
    const at = '2030-01-01T14:05:00.000Z';
    const expected = new Intl.DateTimeFormat('fr', { hour: 'numeric', minute: '2-digit' }).format(
      new Date(at),
    );
    expect(expiryTime(at, 'fr')).toBe(expected);
    const zoned = expiryTime(at, 'en', true)!;
    expect(zoned).toContain(expiryTime(at, 'en'));
    expect(zoned).not.toBe(expiryTime(at, 'en'));
    expect(expiryTime('not a date', 'en')).toBeNull();
    expect(expiryTime(undefined, 'en')).toBeNull();
  });
});
