import type { core, input } from 'zod/mini';
import type { ApiRoutes } from './api-routes';
import { isEnvelope, type answerType, type Envelope } from './envelope';

/** What the client rejects with when the server gave no envelope (network down, proxy error page). */
export const WRONG_SERVICES = 'Wrong Services';

export type ApiFailure = Envelope | typeof WRONG_SERVICES;

/** Every endpoint's path (src/lib/api-routes.ts, generated from src/pages/api). */
export type ApiPath = keyof ApiRoutes;
export type MethodOf<P extends ApiPath> = Extract<keyof ApiRoutes[P], 'GET' | 'POST'>;
type DefaultMethod<P extends ApiPath> = 'POST' extends MethodOf<P> ? 'POST' : MethodOf<P>;

/** What the route declares it reads (its `route.input`), as the caller may write it. */
export type InputOf<P extends ApiPath> = ApiRoutes[P]['route'] extends {
  input: infer S extends core.$ZodType;
}
  ? input<S>
  : never;

/**
 * A JSON body's field names as the route declares them. Values stay the caller's (form text, say):
 * the endpoint's schema is the check that counts (CONVENTIONS.md habit 5).
 */
type JsonOf<P extends ApiPath> =
  InputOf<P> extends infer I ? (I extends object ? { [K in keyof I]?: unknown } : unknown) : never;

/** The success envelope of `method` on `path`, as its handler builds it (`ok(...)`). */
export type AnswerOf<P extends ApiPath, M extends MethodOf<P> = DefaultMethod<P>> = ApiRoutes[P][M] extends {
  readonly [answerType]?: infer Shape;
}
  ? Shape extends { body: infer Body; data: infer Data }
    ? Envelope<Body, Data>
    : Envelope
  : Envelope;

export interface ApiRequest<P extends ApiPath = ApiPath, M extends MethodOf<P> = MethodOf<P>> {
  method?: M;
  /** Sent as JSON. */
  json?: JsonOf<P>;
  /** Sent as multipart (file uploads). */
  form?: FormData;
  query?: { [K in keyof InputOf<P>]?: string | number | boolean | undefined };
  /** Extra request headers (an `Idempotency-Key`). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: Record<string, unknown> | undefined): string {
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
 * Its types come from the route file (`route.input`, the handler's `ok(...)`): a changed answer
 * fails `astro check` where an island reads it.
 */
export async function api<P extends ApiPath, M extends MethodOf<P> = DefaultMethod<P>>(
  path: P,
  request: ApiRequest<P, M> = {},
): Promise<AnswerOf<P, M>> {
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
  return payload as AnswerOf<P, M>;
}
