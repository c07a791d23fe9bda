import type { Envelope } from '../../src/lib/envelope';

export interface Answer<Body = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: Envelope<Body>;
}

/**
 * The headers a browser adds to a state-changing request from one of our pages. The server
 * refuses a POST that carries the session cookie but names no origin, as only a non-browser
 * client would send it; so a test request carrying the cookie says `Sec-Fetch-Site: same-origin`,
 * unless the test chose its own origin headers. Requests without a cookie (bearer or anonymous
 * API clients) are left as they are. Tests that need the bare request build it with fetch.
 */
export function asBrowserWhenCookie(headers: Record<string, string>): Record<string, string> {
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  if (!names.includes('cookie') || names.includes('origin') || names.includes('sec-fetch-site'))
    return headers;
  return { ...headers, 'sec-fetch-site': 'same-origin' };
}

/** POSTs JSON to the test server as an API client (a browser when it carries the cookie, see above). */
export async function post<Body = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<Body>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: asBrowserWhenCookie({ 'content-type': 'application/json', ...headers }),
    body: typeof json === 'string' ? json : JSON.stringify(json),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Envelope<Body>,
  };
}

export async function get<Body = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer<Body>> {
  const response = await fetch(`${baseUrl}${path}`, { headers, redirect: 'manual' });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Envelope<Body>,
  };
}

/** A distinct client address per test, so per-IP throttles do not leak between tests. */
let nextAddress = 1;
export function fromNewAddress(): Record<string, string> {
  nextAddress += 1;
  return { 'x-forwarded-for': `198.51.100.${nextAddress}` };
}
