import type { APIContext } from 'astro';
import { logError } from '../log';
import { envelope } from './envelope';

/** How long clients are told to wait: the pool reconnects on the next request once the database is back. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** The page that says so; it renders only for a request the middleware sent there (see below). */
export const UNAVAILABLE_PAGE = '/unavailable';

/** Request headers the page is rendered with: language and look (cookies, Accept-Language), and who asked. */
const KEPT_HEADERS = ['accept-language', 'cookie', 'host', 'user-agent', 'x-client-ip'];

const answersInHtml = (pathname: string) =>
  !(pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/images/'));

/**
 * The answer to any request the database could not serve, whichever part of it found out (the
 * session lookup, a page, an endpoint). The session lookup failing is not "no session", so nobody
 * is sent to sign in again. One log line, with the error's class, code and message only: no
 * query, no parameters.
 *
 * API calls get the 503 envelope. Pages get the translated "temporarily unavailable" page in the
 * public shell (which needs nothing from the database): a rewrite renders it as a page of its
 * own, through the middleware again for language, look and headers, with a fresh GET request
 * because a form post's body has already been read.
 */
export async function answerDatabaseUnavailable(context: APIContext, error: unknown): Promise<Response> {
  const { pathname, search } = context.url;
  logError(
    'database.unavailable',
    error,
    { method: context.request.method, path: pathname },
    { brief: true },
  );
  const retryAfter = { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_S) };
  if (!answersInHtml(pathname) || context.locals.unavailable) {
    return envelope(503, { ResponseMessage: context.locals.t('unavailable.message') }, retryAfter);
  }
  context.locals.unavailable = {
    // Trying again repeats what was asked: the same address, or the form's page for a post.
    retryHref: context.request.method === 'GET' ? `${pathname}${search}` : pathname,
  };
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = context.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return context.rewrite(new Request(new URL(UNAVAILABLE_PAGE, context.url), { headers }));
}
