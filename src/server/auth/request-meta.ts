import type { APIContext } from 'astro';

/** What the auth services know of the request: for throttling, the audit log and mail language. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  locale: string;
}

export function requestMeta(context: APIContext): RequestMeta {
  return {
    ip: context.locals.clientIp,
    userAgent: context.request.headers.get('user-agent'),
    locale: context.locals.locale,
  };
}
