import type { MiddlewareHandler } from 'astro';
import { getT, isLocale, LOCALE_COOKIE } from '../../i18n';
import { findSessionAdmin, sessionCookieName } from '../auth/sessions';
import { classify } from '../http/routes';
import { bearerToken } from './bearer';

/** Who is asking: the admin of the session named by the bearer token or the cookie, else null. */
export const withSession: MiddlewareHandler = async (context, next) => {
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
  // The admin's saved language, unless this browser chose one (the cookie).
  if (admin && !context.cookies.has(LOCALE_COOKIE) && isLocale(admin.locale)) {
    context.locals.locale = admin.locale;
    context.locals.t = getT(admin.locale);
  }
  return next();
};
