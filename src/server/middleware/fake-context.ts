import { PERMISSIONS } from '../../shared/roles/permissions';
import type { APIContext, MiddlewareNext } from 'astro';
import { getT } from '../../i18n';
import type { SessionAdmin } from '../auth/sessions';

/** For the middleware steps' tests: the parts of Astro's context they read, with real Requests. */
export function contextFor(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
    admin?: Partial<SessionAdmin> | null;
  } = {},
): APIContext {
  const cookies = init.cookies ?? {};
  return {
    request: new Request(url, { method: init.method ?? 'GET', headers: init.headers }),
    url: new URL(url),
    cookies: {
      get: (name: string) => (name in cookies ? { value: cookies[name] } : undefined),
      has: (name: string) => name in cookies,
    },
    locals: {
      admin:
        init.admin === undefined || init.admin === null
          ? null
          : ({ id: 1, role: 'owner', permissions: [...PERMISSIONS], ...init.admin } as SessionAdmin),
      locale: 'en',
      t: getT('en'),
    },
    redirect: (location: string, status = 302) => new Response(null, { status, headers: { location } }),
  } as unknown as APIContext;
}

/** A `next` that answers `response` and counts its calls. */
export function nextAnswering(response: () => Response = () => new Response('page')) {
  const next = Object.assign((() => ((next.calls += 1), Promise.resolve(response()))) as MiddlewareNext, {
    calls: 0,
  });
  return next;
}
