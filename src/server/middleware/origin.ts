import type { APIContext } from 'astro';
import { sessionCookieName } from '../auth/sessions';
import { config } from '../config';
import { isWorkingGet, normalisePath, type RouteKind } from '../http/routes';
import {
  isCrossSite,
  isProvenSameOrigin,
  isStateChanging,
  namesItsOrigin,
  ownOrigins,
} from '../http/same-origin';
import { bearerToken } from './bearer';
import type { I18nKey } from '../../i18n/keys';

type OriginContext = Pick<APIContext, 'request' | 'url' | 'cookies'>;

/**
 * Why a request that a browser could have been made to send (no bearer token: those are never sent
 * by a browser on its own) is refused, as an i18n key, or null. State changes must not come from
 * another site, and with the cookie must say where they came from; a cookie GET that does work
 * (declared `working`) must prove it came from our pages; any other cookie GET of the admin API only must
 * not come from another site. Without the cookie (a program calling the sign-in API) there is no
 * one's authority to borrow. README: "Where requests may come from".
 */
export function originRefusal(context: OriginContext, kind: RouteKind): I18nKey | null {
  const { request } = context;
  if (bearerToken(request)) return null;
  const origins = ownOrigins(request, config());
  const withCookie = context.cookies.has(sessionCookieName());
  if (isStateChanging(request.method)) {
    if (isCrossSite(request, origins)) return 'api.error.crossSite';
    return withCookie && !namesItsOrigin(request) ? 'api.error.originMissing' : null;
  }
  if (!withCookie || kind !== 'admin-api') return null;
  if (isWorkingGet(normalisePath(context.url.pathname))) {
    if (isProvenSameOrigin(request, origins)) return null;
    return namesItsOrigin(request) ? 'api.error.crossSite' : 'api.error.originMissing';
  }
  return isCrossSite(request, origins) ? 'api.error.crossSite' : null;
}
