import type { MiddlewareHandler } from 'astro';
import { parseUiSettings, UI_COOKIE } from '../../shared/settings/ui-settings';
import { getT, isLocale, LOCALE_COOKIE } from '../../i18n';
import { negotiateLocale } from '../../i18n/negotiate';

/** The Node entry resolves the client address (trusting only configured proxies) into this header. */
export const CLIENT_IP_HEADER = 'x-client-ip';

/** Language and look: both change the server-rendered HTML, so both come from cookies. */
export const withPreferences: MiddlewareHandler = (context, next) => {
  const fromCookie = context.cookies.get(LOCALE_COOKIE)?.value;
  context.locals.locale = isLocale(fromCookie)
    ? fromCookie
    : negotiateLocale(context.request.headers.get('accept-language'));
  context.locals.t = getT(context.locals.locale);
  context.locals.ui = parseUiSettings(context.cookies.get(UI_COOKIE)?.value);
  context.locals.clientIp = context.request.headers.get(CLIENT_IP_HEADER) ?? '';
  return next();
};
