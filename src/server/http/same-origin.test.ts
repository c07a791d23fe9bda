import { describe, expect, it } from 'vitest';
import { isCrossSite, isProvenSameOrigin, namesItsOrigin, ownOrigins } from './same-origin';

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/x', { method: 'POST', headers });

describe('isCrossSite', () => {
  const origins = ['https://admin.example.com', 'http://127.0.0.1:4321'];

  it('trusts same-origin browsers and clients that send neither header', () => {
    expect(
      isCrossSite(request({ 'sec-fetch-site': 'same-origin', origin: 'https://admin.example.com' }), origins),
    ).toBe(false);
    expect(isCrossSite(request({ origin: 'http://127.0.0.1:4321' }), origins)).toBe(false);
    expect(isCrossSite(request({ origin: 'https://admin.example.com:443' }), origins)).toBe(false);
    expect(isCrossSite(request({}), origins)).toBe(false);
    // Chromium's same-origin form post under Referrer-Policy: no-referrer.
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-origin', origin: 'null' }), origins)).toBe(false);
  });

  it('refuses other sites, same-site neighbours and opaque origins', () => {
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site' }), origins)).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-site' }), origins)).toBe(true);
    expect(
      isCrossSite(request({ 'sec-fetch-site': 'cross-site', origin: 'https://admin.example.com' }), origins),
    ).toBe(true);
    expect(isCrossSite(request({ origin: 'https://evil.example' }), origins)).toBe(true);
    expect(isCrossSite(request({ origin: 'null' }), origins)).toBe(true);
  });

  it('counts an empty or unknown Sec-Fetch-Site as foreign, whatever Origin says', () => {
    expect(isCrossSite(request({ 'sec-fetch-site': '' }), origins)).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': '', origin: 'http://127.0.0.1:4321' }), origins)).toBe(
      true,
    );
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-origin-ish' }), origins)).toBe(true);
  });

  it('compares scheme, host and port, not the host alone', () => {
    for (const origin of [
      'https://127.0.0.1:4321',
      'ftp://127.0.0.1:4321',
      'http://127.0.0.1:4322',
      'http://admin.example.com',
      'https://admin.example.com:8443',
      'ws://127.0.0.1:4321',
    ]) {
      expect(isCrossSite(request({ origin }), origins), origin).toBe(true);
    }
  });
});

describe('isProvenSameOrigin', () => {
  const origins = ['http://127.0.0.1:4321'];
  it('takes only the browser’s same-origin verdict or our own Origin', () => {
    expect(isProvenSameOrigin(request({ 'sec-fetch-site': 'same-origin' }), origins)).toBe(true);
    expect(isProvenSameOrigin(request({ origin: 'http://127.0.0.1:4321' }), origins)).toBe(true);
    const unproven: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': '' },
      { 'sec-fetch-site': 'none' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': '', origin: 'http://127.0.0.1:4321' },
      { origin: 'https://127.0.0.1:4321' },
      { origin: 'null' },
    ];
    for (const headers of unproven) {
      expect(isProvenSameOrigin(request(headers), origins), JSON.stringify(headers)).toBe(false);
    }
  });
});

describe('namesItsOrigin', () => {
  it('is true with either header, whatever it says, and false with neither', () => {
    expect(namesItsOrigin(request({ 'sec-fetch-site': 'same-origin' }))).toBe(true);
    expect(namesItsOrigin(request({ 'sec-fetch-site': 'none' }))).toBe(true);
    expect(namesItsOrigin(request({ origin: 'null' }))).toBe(true);
    expect(namesItsOrigin(request({}))).toBe(false);
    expect(namesItsOrigin(request({ 'sec-fetch-mode': 'cors', referer: 'http://localhost/' }))).toBe(false);
  });
});

describe('ownOrigins', () => {
  it('is PUBLIC_URL’s origin alone when it is set, whatever Host a proxy passes on', () => {
    const cfg = { PUBLIC_URL: 'https://admin.example.com/', publicUrl: 'https://admin.example.com' };
    expect(ownOrigins(request({ host: '127.0.0.1:5000' }), cfg)).toEqual(['https://admin.example.com']);
  });

  it('is the default address plus http:// and the addressed Host when PUBLIC_URL is not set', () => {
    const cfg = { publicUrl: 'http://0.0.0.0:4321' };
    expect(ownOrigins(request({ host: 'admin.lan:4321' }), cfg)).toEqual([
      'http://0.0.0.0:4321',
      'http://admin.lan:4321',
    ]);
    expect(ownOrigins(request({ host: 'admin.lan:80' }), cfg)).toContain('http://admin.lan');
  });
});
