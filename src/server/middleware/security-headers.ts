import type { MiddlewareHandler } from 'astro';
import { config } from '../config';
import { answerConditionally } from '../http/conditional';
import { classify } from '../http/routes';
import { baseSecurityHeaders, contentSecurityPolicy } from '../http/security-headers';
import { answerFailure } from './failures';

/**
 * Runs first and wraps every answer, the guard's refusals and failures included: the security
 * headers (DESIGN.md §8), a charset on pages, `no-store` on anything signed in or not a public page,
 * and `Vary` for answers that differ by session and language; then a 304 for a page the browser
 * already holds, carrying every one of those headers.
 */
export const withSecurityHeaders: MiddlewareHandler = async (context, next) => {
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    response = await answerFailure(context, error);
  }
  const isHtml = response.headers.get('content-type')?.startsWith('text/html') ?? false;
  // A fresh Response: the one from next() may have immutable headers (redirects, fetch results).
  const result = new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: new Headers(response.headers),
  });
  for (const [name, value] of Object.entries(baseSecurityHeaders(config().secureCookies))) {
    result.headers.set(name, value);
  }
  // Pages are UTF-8; saying so keeps a browser from guessing.
  if (isHtml && !/charset=/i.test(response.headers.get('content-type') ?? '')) {
    result.headers.set('content-type', 'text/html; charset=utf-8');
  }
  result.headers.set(
    'content-security-policy',
    contentSecurityPolicy(response.headers.get('content-security-policy'), isHtml),
  );
  const kind = classify(context.url.pathname);
  // Answers that chose their own caching keep it (stored images are immutable by their hash URL).
  const ownCaching = response.headers.get('cache-control')?.includes('immutable') ?? false;
  if ((context.locals.admin || kind !== 'public-page') && !ownCaching) {
    result.headers.set('cache-control', 'no-store');
  }
  // Pages differ by session and language (cookie, else Accept-Language).
  if (!/\bCookie\b/.test(result.headers.get('vary') ?? '')) {
    result.headers.append('vary', 'Cookie, Accept-Language');
  }
  return answerConditionally(context.request, result);
};
