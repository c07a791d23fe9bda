import type { APIRoute } from 'astro';
import { envelope } from '../server/http/envelope';

/**
 * Every path no other route matches. The middleware has already redirected unknown pages; what
 * reaches here is an unknown API path with a valid session, which gets a 404 in the envelope.
 * Without this route Astro would answer unknown paths itself, before the middleware could run.
 */
export const ALL: APIRoute = ({ locals, url, redirect }) =>
  url.pathname.startsWith('/api/')
    ? envelope(404, { ResponseMessage: locals.t('api.error.notFound') })
    : redirect(locals.admin ? '/dashboard' : '/', 302);
