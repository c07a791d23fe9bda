import { expect } from 'vitest';
import { fromNewAddress } from './api';

/** One cookie an answer set: its value, its attributes as sent, and its Max-Age. */
export interface SetCookie {
  value: string;
  attributes: string;
  maxAge: number | null;
}

/**
 * A browser without script, for the signed-out pages' own form posts: it sends forms as
 * `application/x-www-form-urlencoded` with the Origin and `Sec-Fetch-Site: same-origin` a browser
 * adds, follows no redirects, and keeps a cookie jar (name → value) from each answer.
 */
export class FormBrowser {
  readonly jar = new Map<string, string>();
  readonly address = fromNewAddress();

  constructor(
    private readonly baseUrl: string,
    private readonly origin = baseUrl,
  ) {}

  async request(
    method: 'GET' | 'POST',
    path: string,
    fields?: Record<string, string | string[]>,
    extra = {},
  ) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields ?? {})) {
      for (const one of [value].flat()) body.append(name, one);
    }
    const cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...this.address,
        ...(method === 'POST'
          ? {
              'content-type': 'application/x-www-form-urlencoded',
              origin: this.origin,
              'sec-fetch-site': 'same-origin',
            }
          : {}),
        ...(cookie ? { cookie } : {}),
        ...extra,
      },
      ...(method === 'POST' ? { body } : {}),
    });
    const set = new Map<string, SetCookie>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...rest] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const maxAge = /max-age=(-?\d+)/i.exec(line)?.[1];
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || maxAge === '0';
      set.set(name, {
        value,
        attributes: rest.join(';'),
        maxAge: maxAge === undefined ? null : Number(maxAge),
      });
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return { status: response.status, headers: response.headers, html: await response.text(), set };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, fields: Record<string, string | string[]>, extra = {}) =>
    this.request('POST', path, fields, extra);
}

export const liveFlags = (cookie: SetCookie | undefined) =>
  cookie?.attributes.toLowerCase().replace(/\s/g, '');

/** HttpOnly, SameSite=Lax, Path=/, Secure, and a Max-Age of about `maxAge` seconds. */
export function expectPendingFlags(cookie: SetCookie | undefined, maxAge: number) {
  const flags = liveFlags(cookie)!;
  expect(flags).toContain('path=/');
  expect(flags).toContain('httponly');
  expect(flags).toContain('samesite=lax');
  expect(flags).toContain('secure');
  expect(cookie!.maxAge).toBeGreaterThan(maxAge - 5);
  expect(cookie!.maxAge).toBeLessThanOrEqual(maxAge);
}

/** The six code boxes as a form sends them. */
export const boxes = (code: string) => code.split('');
export const wrongCode = (code: string) => code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
