import type { APIContext } from 'astro';
import { isDatabaseUnavailable } from '../db/unavailable';
import { envelope } from '../http/envelope';
import { answerDatabaseUnavailable } from '../http/unavailable';
import { logError } from '../log';

const SORRY = 'Something went wrong on our side. Please try again.';

/** An error that escaped the routes or the middleware itself: logged in one line, answered plainly. */
export function answerInternalError(context: { url: URL }, error: unknown): Response {
  logError('request.failed', error, { path: context.url.pathname });
  if (context.url.pathname.startsWith('/api/')) return envelope(500, { ResponseMessage: SORRY });
  return new Response(`<!doctype html><title>Error</title><p>${SORRY}</p>`, {
    status: 500,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

/** A database that cannot be reached is not a bug: 503 and the "temporarily unavailable" page. */
export async function answerFailure(context: APIContext, error: unknown): Promise<Response> {
  if (!isDatabaseUnavailable(error)) return answerInternalError(context, error);
  try {
    return await answerDatabaseUnavailable(context, error);
  } catch (pageError) {
    return answerInternalError(context, pageError);
  }
}
