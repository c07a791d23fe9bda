import type { MiddlewareHandler } from 'astro';
import { checkBodySize } from '../http/body-limit';
import { endpointAt, normalisePath } from '../http/routes';

/**
 * Holds each route to the body limit its declaration names (`limit`, JSON's 1 MB by default),
 * from the headers alone: the Node entry has already refused anything over the largest class,
 * and Astro reads a body only when the route asks for it, so nothing has been read yet.
 */
export const withBodyLimit: MiddlewareHandler = (context, next) => {
  const { request, url } = context;
  const limit = endpointAt(normalisePath(url.pathname))?.limit ?? 'json';
  const verdict = checkBodySize({ headers: Object.fromEntries(request.headers) }, limit);
  if (verdict.ok) return next();
  const body = { succeeded: false, ResponseCode: verdict.status, ResponseMessage: verdict.message };
  return new Response(JSON.stringify(body), {
    status: verdict.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
    },
  });
};
