import type { APIContext } from 'astro';
import { defineMiddleware, sequence } from 'astro:middleware';
import { getT, isLocale, LOCALE_COOKIE } from './i18n';
import { negotiateLocale } from './i18n/negotiate';
import { parseUiSettings, UI_COOKIE } from './features/settings/ui-settings';
import { findSessionAdmin, sessionCookieName } from './server/auth/sessions';
import { config } from './server/config';
import { envelope } from './server/http/envelope';
import {
  classify,
  FIRST_PASSWORD_API,
  FIRST_PASSWORD_PAGE,
  normalisePath,
  WORKING_GETS,
  type RouteKind,
} from './server/http/routes';
import {
  isCrossSite,
  isProvenSameOrigin,
  isStateChanging,
  namesItsOrigin,
  ownOrigins,
} from './server/http/same-origin';
import { baseSecurityHeaders, contentSecurityPolicy } from './server/http/security-headers';
import { logError } from './server/log';
import { isDatabaseUnavailable } from './server/db/unavailable';
import { answerDatabaseUnavailable } from './server/http/unavailable';

/** The Node entry resolves the client address (trusting only configured proxies) into this header. */
const CLIENT_IP_HEADER = 'x-client-ip';

/** Language and look: both change the server-rendered HTML, so both come from cookies. */
const withPreferences = defineMiddleware((context, next) => {
  const fromCookie = context.cookies.get(LOCALE_COOKIE)?.value;
  context.locals.locale = isLocale(fromCookie)
    ? fromCookie
    : negotiateLocale(context.request.headers.get('accept-language'));
  context.locals.t = getT(context.locals.locale);
  context.locals.ui = parseUiSettings(context.cookies.get(UI_COOKIE)?.value);
  context.locals.clientIp = context.request.headers.get(CLIENT_IP_HEADER) ?? '';
  return next();
});

function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

const withSession = defineMiddleware(async (context, next) => {
  // Rendering the "temporarily unavailable" page: the database has just failed this request.
  if (context.locals.unavailable) {
    context.locals.admin = null;
    context.locals.sessionToken = null;
    return next();
  }
  const bearer = bearerToken(context.request);
  const token = bearer ?? context.cookies.get(sessionCookieName())?.value ?? null;
  // /api/account and /api/app use bearer tokens of their own kind, not admin sessions.
  const ownAuth = classify(context.url.pathname) === 'own-auth-api';
  const admin = token && !ownAuth ? await findSessionAdmin(token) : null;
  context.locals.admin = admin;
  context.locals.sessionToken = admin ? token : null;
  if (admin && !context.cookies.has(LOCALE_COOKIE) && isLocale(admin.locale)) {
    context.locals.locale = admin.locale;
    context.locals.t = getT(admin.locale);
  }
  return next();
});

/**
 * Why a request that a browser could have been made to send (no bearer token: those are never sent
 * by a browser on its own) is refused, or null. State changes must not come from another site, and
 * with the cookie must say where they came from; a cookie GET that does work (WORKING_GETS) must
 * prove it came from our pages; any other cookie GET of the admin API only must not come from
 * another site. Without the cookie (a program calling the sign-in API) there is no one's authority
 * to borrow. README: "Where requests may come from".
 */
function originRefusal(context: APIContext, kind: RouteKind): string | null {
  const { request } = context;
  if (bearerToken(request)) return null;
  const origins = ownOrigins(request, config());
  const withCookie = context.cookies.has(sessionCookieName());
  if (isStateChanging(request.method)) {
    if (isCrossSite(request, origins)) return 'api.error.crossSite';
    return withCookie && !namesItsOrigin(request) ? 'api.error.originMissing' : null;
  }
  if (!withCookie || kind !== 'admin-api') return null;
  if (WORKING_GETS.has(normalisePath(context.url.pathname))) {
    if (isProvenSameOrigin(request, origins)) return null;
    return namesItsOrigin(request) ? 'api.error.crossSite' : 'api.error.originMissing';
  }
  return isCrossSite(request, origins) ? 'api.error.crossSite' : null;
}

const guard = defineMiddleware((context, next) => {
  const { locals, url } = context;
  if (locals.unavailable) return next();
  const kind = classify(url.pathname);
  const signedIn = locals.admin !== null;
  const refusal = originRefusal(context, kind);
  if (refusal) return envelope(403, { ResponseMessage: locals.t(refusal) });
  if (locals.admin?.mustChangePassword) {
    const path = normalisePath(url.pathname);
    const onPasswordForm =
      path === '/account-setting' && (url.searchParams.get('tab') ?? 'password') === 'password';
    if (kind === 'admin-page' && !onPasswordForm) return context.redirect(FIRST_PASSWORD_PAGE, 302);
    if (kind === 'admin-api' && !FIRST_PASSWORD_API.has(path)) {
      return envelope(403, { ResponseMessage: locals.t('auth.passwordChangeRequired') });
    }
    // Stored images are people's photos: data like any other, not part of the password form.
    if (kind === 'image') return new Response(null, { status: 403 });
  }
  switch (kind) {
    case 'public-page':
      return signedIn ? context.redirect('/dashboard', 302) : next();
    case 'admin-page':
      return signedIn ? next() : context.redirect('/', 302);
    case 'admin-api':
      return signedIn ? next() : envelope(401, { ResponseMessage: locals.t('api.error.unauthorized') });
    case 'image':
      return signedIn ? next() : new Response(null, { status: 401 });
    case 'public-api':
    case 'own-auth-api':
      return next();
    case 'unknown-api':
      return envelope(404, { ResponseMessage: locals.t('api.error.notFound') });
    case 'unknown':
      return context.redirect(signedIn ? '/dashboard' : '/', 302);
  }
});

/** An error that escaped the routes or the middleware itself: logged in one line, answered plainly. */
function failed(context: { url: URL }, error: unknown): Response {
  logError('request.failed', error, { path: context.url.pathname });
  if (context.url.pathname.startsWith('/api/')) {
    return envelope(500, { ResponseMessage: 'Something went wrong on our side. Please try again.' });
  }
  return new Response(
    '<!doctype html><title>Error</title><p>Something went wrong on our side. Please try again.</p>',
    {
      status: 500,
      headers: { 'content-type': 'text/html; charset=utf-8' },
    },
  );
}

/** A database that cannot be reached is not a bug: 503 and the "temporarily unavailable" page. */
async function answerFailure(context: APIContext, error: unknown): Promise<Response> {
  if (!isDatabaseUnavailable(error)) return failed(context, error);
  try {
    return await answerDatabaseUnavailable(context, error);
  } catch (pageError) {
    return failed(context, pageError);
  }
}

const securityHeaders = defineMiddleware(async (context, next) => {
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
  if (!/\bCookie\b/.test(result.headers.get('vary') ?? ''))
    result.headers.append('vary', 'Cookie, Accept-Language');
  return result;
});

// Headers first, so they also reach the answers the guard gives without going further.
export const onRequest = sequence(securityHeaders, withPreferences, withSession, guard);
