import type { APIContext } from 'astro';
import type { Permission } from '../../shared/roles/permissions';
import { FORBIDDEN_PAGE } from '../http/routes';

/** Request headers the page is drawn with: language and look (cookies, Accept-Language), and who asked. */
const KEPT_HEADERS = ['accept-language', 'cookie', 'host', 'user-agent', 'x-client-ip', 'authorization'];

/**
 * A page the admin's role may not open: the shell with "you need …" in its place (the page answers
 * 403). A rewrite draws it as a page of its own (through the middleware again for language and look).
 */
export function forbiddenPage(context: APIContext, permission: Permission): Promise<Response> {
  context.locals.forbidden = { permission };
  const headers = new Headers();
  for (const name of KEPT_HEADERS) {
    const value = context.request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return context.rewrite(new Request(new URL(FORBIDDEN_PAGE, context.url), { headers }));
}
