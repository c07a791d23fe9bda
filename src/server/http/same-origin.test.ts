import { describe, expect, it } from 'vitest';
import { isCrossSite, namesItsOrigin, ownHosts } from './same-origin';

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/x', { method: 'POST', headers });

describe('isCrossSite', () => {
  const hosts = ['admin.example.com', '127.0.0.1:4321'];

  it('trusts same-origin browsers and clients that send neither header', () => {
    expect(
      isCrossSite(request({ 'sec-fetch-site': 'same-origin', origin: 'https://admin.example.com' }), hosts),
    ).toBe(false);
    expect(isCrossSite(request({ origin: 'http://127.0.0.1:4321' }), hosts)).toBe(false);
    expect(isCrossSite(request({}), hosts)).toBe(false);
    // Chromium's same-origin form post under Referrer-Policy: no-referrer.
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-origin', origin: 'null' }), hosts)).toBe(false);
  });

  it('refuses other sites, same-site neighbours and opaque origins', () => {
    expect(isCrossSite(request({ 'sec-fetch-site': 'cross-site' }), hosts)).toBe(true);
    expect(isCrossSite(request({ 'sec-fetch-site': 'same-site' }), hosts)).toBe(true);
    expect(
      isCrossSite(request({ 'sec-fetch-site': 'cross-site', origin: 'https://admin.example.com' }), hosts),
    ).toBe(true);
    expect(isCrossSite(request({ origin: 'https://evil.example' }), hosts)).toBe(true);
    expect(isCrossSite(request({ origin: 'null' }), hosts)).toBe(true);
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

describe('ownHosts', () => {
  it('is the public host plus the addressed host', () => {
    expect(ownHosts(request({ host: '127.0.0.1:5000' }), 'https://admin.example.com')).toEqual([
      'admin.example.com',
      '127.0.0.1:5000',
    ]);
  });
});
