import type { APIContext } from 'astro';

/** What the auth services know of the request: for throttling, the audit log and mail language. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  locale: string;
}

/** From an endpoint's context or a page's `Astro` (the signed-out forms post to their own page). */
export function requestMeta(context: Pick<APIContext, 'locals' | 'request'>): RequestMeta {
  return {
    ip: context.locals.clientIp,
    userAgent: context.request.headers.get('user-agent'),
    locale: context.locals.locale,
  };
}
