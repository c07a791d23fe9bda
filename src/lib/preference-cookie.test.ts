import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '../i18n';
import { preferenceCookie, readCookie } from './preference-cookie';

describe('the locale cookie the menu writes', () => {
  it('is site-wide, lasts a year and is not sent cross-site', () => {
    expect(preferenceCookie(LOCALE_COOKIE, 'fr', false)).toBe(
      'locale=fr; Path=/; Max-Age=31536000; SameSite=Lax',
    );
  });

  it('is Secure on an https page', () => {
    expect(preferenceCookie(LOCALE_COOKIE, 'zh', true)).toMatch(/; Secure$/);
  });
});

describe('reading the locale cookie back', () => {
  it('finds it among other cookies, or says it is not there', () => {
    expect(readCookie('theme=dark; locale=ro; x=a=b', 'locale')).toBe('ro');
    expect(readCookie('theme=dark', 'locale')).toBeNull();
    expect(readCookie('', 'locale')).toBeNull();
    expect(readCookie('mylocale=fr', 'locale')).toBeNull();
  });
});
