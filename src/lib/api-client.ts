import { isEnvelope, type Envelope } from './envelope';

/** What the client rejects with when the server gave no envelope (network down, proxy error page). */
export const WRONG_SERVICES = 'Wrong Services';

export type ApiFailure = Envelope | typeof WRONG_SERVICES;

export interface ApiRequest {
  method?: 'GET' | 'POST';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart (file uploads). */
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Asks the person to confirm it is them (a dialog loaded on first use, features/mfa): resolves
 * true once `reauth` succeeded, false when they gave up. Set by the signed-in pages.
 */
let reauthPrompt: (() => Promise<boolean>) | null = null;
export function setReauthPrompt(prompt: (() => Promise<boolean>) | null): void {
  reauthPrompt = prompt;
}

const wantsReauth = (status: number, payload: Envelope) =>
  status === 403 &&
  (payload.ResponseBody as { reauth_required?: unknown } | undefined)?.reauth_required === true;

/**
 * The one way islands talk to the server. Resolves with the envelope when `succeeded`; rejects with
 * the server's envelope when it failed, or with {@link WRONG_SERVICES} when there is no envelope.
 * The session cookie rides along (same origin); no token is ever kept in script-readable storage.
 */
export async function api<Body = unknown, Data = unknown>(
  path: string,
  request: ApiRequest = {},
): Promise<Envelope<Body, Data>> {
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  let body: BodyInit | undefined;
  if (request.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.json);
  } else if (request.form) {
    body = request.form;
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, request.query), {
      method: request.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch {
    throw WRONG_SERVICES;
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(payload)) throw WRONG_SERVICES;
  // A sensitive action past REAUTH_WINDOW: ask, then try once more (the same body).
  if (wantsReauth(response.status, payload) && reauthPrompt && !request.headers?.['x-reauth-retry']) {
    if (await reauthPrompt()) {
      return api(path, { ...request, headers: { ...request.headers, 'x-reauth-retry': '1' } });
    }
  }
  if (!response.ok || !payload.succeeded) throw payload;
  return payload as Envelope<Body, Data>;
}
