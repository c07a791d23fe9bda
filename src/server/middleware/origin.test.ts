import { describe, expect, it } from 'vitest';
import { classify } from '../http/routes';
import { contextFor } from './fake-context';
import { originRefusal } from './origin';

const BASE = 'http://127.0.0.1:4321';
const refusal = (path: string, init: Parameters<typeof contextFor>[1]) =>
  originRefusal(contextFor(`${BASE}${path}`, init), classify(path));
const cookie = { session: 'token' };

describe('originRefusal', () => {
  it('refuses state changes from another site, with or without the cookie', () => {
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expect(refusal('/api/admin/logout', { method: 'POST', headers: crossSite, cookies: cookie })).toBe(
      'api.error.crossSite',
    );
    expect(refusal('/api/admin/login', { method: 'POST', headers: { origin: 'https://evil.test' } })).toBe(
      'api.error.crossSite',
    );
    expect(
      refusal('/api/admin/logout', { method: 'POST', headers: { origin: BASE }, cookies: cookie }),
    ).toBeNull();
  });

  it('refuses a cookie state change that says nothing of where it came from; a program without the cookie passes', () => {
    expect(refusal('/api/admin/logout', { method: 'POST', cookies: cookie })).toBe('api.error.originMissing');
    expect(refusal('/api/admin/login', { method: 'POST' })).toBeNull();
  });

  it('never judges a bearer request: browsers do not send one on their own', () => {
    const headers = { authorization: 'Bearer abc', 'sec-fetch-site': 'cross-site' };
    expect(refusal('/api/admin/logout', { method: 'POST', headers, cookies: cookie })).toBeNull();
  });

  it('asks a cookie GET that does work to prove it came from our pages', () => {
    expect(
      refusal('/api/admin/exportusers', { cookies: cookie, headers: { 'sec-fetch-site': 'none' } }),
    ).toBe('api.error.crossSite');
    expect(refusal('/api/admin/exportusers', { cookies: cookie })).toBe('api.error.originMissing');
    const ours = { 'sec-fetch-site': 'same-origin' };
    expect(refusal('/api/admin/exportusers', { cookies: cookie, headers: ours })).toBeNull();
    // Other cookie GETs of the admin API only must not come from elsewhere; pages are links.
    expect(refusal('/api/admin/getusers', { cookies: cookie })).toBeNull();
    expect(
      refusal('/api/admin/getusers', { cookies: cookie, headers: { 'sec-fetch-site': 'cross-site' } }),
    ).toBe('api.error.crossSite');
    expect(refusal('/users', { cookies: cookie, headers: { 'sec-fetch-site': 'cross-site' } })).toBeNull();
  });
});
