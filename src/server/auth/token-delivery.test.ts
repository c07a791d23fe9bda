import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { sessionDelivery } from './token-delivery';

const request = (headers: Record<string, string>) =>
  new Request('http://localhost/api/admin/verifyotp', { method: 'POST', headers });

const failure = (headers: Record<string, string>) => {
  try {
    sessionDelivery(request(headers));
  } catch (error) {
    return error instanceof HttpError ? [error.status, error.messageKey] : error;
  }
  return null;
};

describe('sessionDelivery', () => {
  it('is the cookie unless the client asks for a bearer token', () => {
    expect(sessionDelivery(request({}))).toBe('cookie');
    expect(sessionDelivery(request({ 'sec-fetch-site': 'same-origin' }))).toBe('cookie');
    expect(sessionDelivery(request({ 'x-session-delivery': 'bearer' }))).toBe('bearer');
    expect(sessionDelivery(request({ 'x-session-delivery': ' Bearer ' }))).toBe('bearer');
  });

  it('refuses to hand the token to a browser request, even when a script asks', () => {
    expect(failure({ 'x-session-delivery': 'bearer', 'sec-fetch-site': 'same-origin' })).toEqual([
      403,
      'auth.bearer.browserRequest',
    ]);
    expect(failure({ 'x-session-delivery': 'bearer', origin: 'http://localhost' })).toEqual([
      403,
      'auth.bearer.browserRequest',
    ]);
  });

  it('names the one value it takes', () => {
    expect(failure({ 'x-session-delivery': 'body' })).toEqual([400, 'auth.bearer.unknownDelivery']);
  });
});
