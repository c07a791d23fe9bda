import type { Envelope } from '../../src/lib/envelope';

export interface Answer<Body = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: Envelope<Body>;
}

/** POSTs JSON to the test server as an API client from `ip` (the server trusts 127.0.0.1 as a proxy). */
export async function post<Body = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  json: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<Body>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
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
