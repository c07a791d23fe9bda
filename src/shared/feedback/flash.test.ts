import { describe, expect, it } from 'vitest';
import { clearFlashCookie, flashCookie, flashSnackbar, readFlash } from './flash';

describe('the flash cookie', () => {
  it('builds a short-lived, site-wide cookie that reads back, encoded or decoded', () => {
    const header = flashCookie('auth.reset.done', 'success');
    expect(header).toMatch(/^flash=[^;]+; Path=\/; Max-Age=60; SameSite=Lax$/);
    expect(flashCookie('api.ok', 'default', { secure: true })).toMatch(/; Secure$/);
    const value = header.slice('flash='.length, header.indexOf(';'));
    expect(readFlash(value)).toEqual({ messageKey: 'auth.reset.done', variant: 'success' });
    expect(readFlash(decodeURIComponent(value))).toEqual({
      messageKey: 'auth.reset.done',
      variant: 'success',
    });
  });

  it('takes a bare key as a neutral message', () => {
    expect(readFlash('api.logout.done')).toEqual({ messageKey: 'api.logout.done', variant: 'default' });
  });

  it('refuses text that is not a key, and unknown variants', () => {
    // @ts-expect-error: the type refuses text; the run-time check stays for untyped callers.
    expect(() => flashCookie('Hello there')).toThrow();
    expect(readFlash('{"messageKey":"<b>hi</b>"}')).toBeNull();
    expect(readFlash('%E0%A4%A')).toBeNull();
    expect(readFlash('{"messageKey":"api.ok","variant":"loud"}')).toEqual({
      messageKey: 'api.ok',
      variant: 'default',
    });
    expect(readFlash(undefined)).toBeNull();
  });

  it('maps variants onto snackbars', () => {
    expect(flashSnackbar({ message: 'Hi', variant: 'default' })).toEqual({ message: 'Hi' });
    expect(flashSnackbar({ message: 'Oops', variant: 'error' })).toEqual({
      message: 'Oops',
      variant: 'alert',
      severity: 'error',
    });
  });

  it('expires the cookie in the browser only when there is one', () => {
    const doc = { cookie: 'locale=fr; flash=api.ok', location: { protocol: 'https:' } as Location };
    clearFlashCookie(doc);
    expect(doc.cookie).toBe('flash=; Path=/; Max-Age=0; SameSite=Lax; Secure');
    const none = { cookie: 'locale=fr', location: { protocol: 'http:' } as Location };
    clearFlashCookie(none);
    expect(none.cookie).toBe('locale=fr');
  });
});
