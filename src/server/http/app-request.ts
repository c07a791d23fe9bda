import type { APIContext } from 'astro';
import { scopeAllows } from '../../shared/api-keys/scope-needs';
import type { ApiKeyScope } from '../../shared/roles/permissions';
import { checkApiKey } from '../api-keys/authenticate';
import { config } from '../config';
import { endpoint } from './envelope';
import { HttpError } from './errors';

/** The product server calling /api/app: which key it used, and from where (for the audit row). */
export interface AppClient {
  keyId: number;
  ip: string;
}

/**
 * The key from `Authorization: Bearer <key>` and nowhere else: a key in a query string would end
 * up in access logs, proxies and browser history, so `?key=` or `?access_token=` is never read.
 */
function bearerKey(request: Request): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
}

async function authenticate(context: APIContext, scope: ApiKeyScope): Promise<AppClient> {
  const key = bearerKey(context.request);
  const check = key ? await checkApiKey(key, config().APP_RATE_LIMIT) : { outcome: 'refused' as const };
  if (check.outcome === 'refused') {
    throw new HttpError(401, 'appApi.error.unauthorized', {
      headers: { 'www-authenticate': 'Bearer realm="app"' },
    });
  }
  if (check.outcome === 'limited') {
    throw new HttpError(429, 'appApi.error.rateLimited', {
      headers: { 'retry-after': String(check.retryAfter) },
      values: { seconds: check.retryAfter, limit: config().APP_RATE_LIMIT },
      body: { retry_after: check.retryAfter },
    });
  }
  if (!scopeAllows(check.scopes, scope)) {
    throw new HttpError(403, 'appApi.error.scope', { values: { scope }, body: { scope } });
  }
  return { keyId: check.keyId, ip: context.locals.clientIp };
}

/**
 * Wraps a `/api/app/*` endpoint: the product API key is checked (and the request counted against
 * its rate limit) before the handler reads a byte of the body, and must carry the scope its route
 * declares (403 naming it). Admin sessions open nothing here: the middleware skips the session lookup for these paths,
 * and only a key's hash is looked up.
 */
export function appEndpoint<R extends Response>(
  route: { access: { scope: ApiKeyScope } },
  handler: (context: APIContext, client: AppClient) => Promise<R>,
) {
  const { scope } = route.access;
  return endpoint(async (context) => handler(context, await authenticate(context, scope)));
}
