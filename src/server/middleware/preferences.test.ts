import { describe, expect, it } from 'vitest';
import { contextFor, nextAnswering } from './fake-context';
import { withPreferences } from './preferences';

describe('withPreferences', () => {
  it('takes the language from its cookie, else from Accept-Language, and the look from the ui cookie', async () => {
    const fromHeader = contextFor('http://127.0.0.1:4321/', {
      headers: { 'accept-language': 'ro-RO,ro;q=0.9,en;q=0.5', 'x-client-ip': '203.0.113.9' },
    });
    await withPreferences(fromHeader, nextAnswering());
    expect(fromHeader.locals.locale).toBe('ro');
    expect(fromHeader.locals.t('menu.users')).not.toBe('menu.users');
    expect(fromHeader.locals.clientIp).toBe('203.0.113.9');

    const fromCookie = contextFor('http://127.0.0.1:4321/', {
      headers: { 'accept-language': 'ro' },
      cookies: { locale: 'zh', ui: JSON.stringify({ mode: 'dark' }) },
    });
    await withPreferences(fromCookie, nextAnswering());
    expect(fromCookie.locals.locale).toBe('zh');
    expect(fromCookie.locals.ui.mode).toBe('dark');
  });

  it('falls back to English and the default look on nonsense', async () => {
    const context = contextFor('http://127.0.0.1:4321/', { cookies: { locale: 'xx', ui: '{not json' } });
    await withPreferences(context, nextAnswering());
    expect(context.locals.locale).toBe('en');
    expect(context.locals.ui.mode).toBe('light');
  });
});
