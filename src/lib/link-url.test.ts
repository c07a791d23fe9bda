import { describe, expect, it } from 'vitest';
import { isAllowedLinkUrl, parseUrl } from './link-url';

describe('isAllowedLinkUrl', () => {
  it('takes web addresses with a host, mail addresses and site paths', () => {
    for (const value of ['https://example.org', 'http://example.org/a?b#c', 'mailto:a@example.org', '/about'])
      expect(isAllowedLinkUrl(value), value).toBe(true);
  });

  it('refuses a bare scheme, other schemes, other sites by `//` and words', () => {
    for (const value of [
      '',
      'https://',
      'http://',
      'mailto:',
      'mailto:nobody',
      'https://exa mple.org',
      'javascript:alert(1)',
      'ftp://example.org',
      '//evil.test',
      '/\\evil.test',
      'example.org',
    ])
      expect(isAllowedLinkUrl(value), value).toBe(false);
  });
});

describe('parseUrl', () => {
  it('answers null instead of throwing', () => {
    expect(parseUrl('https://')).toBeNull();
    expect(parseUrl('/a', 'https://site.test')?.href).toBe('https://site.test/a');
  });
});
