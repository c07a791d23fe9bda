import { apiRoute } from '../../../shared/routes/declare';
import { clearSessionCookie } from '../../../server/auth/session-cookie';
import { signOut } from '../../../server/auth/sessions';
import { endpoint, ok } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/logout',
  methods: ['POST'],
  access: 'signed-in',
  also: ['first-password', 'pending', 'mfa-setup'],
});

/**
 * Revokes this session. A plain HTML form post (the header's Logout button without JS) lands on `/`.
 * Either way the browser is asked to drop this origin's cookies, storage (saved sign-in and reset
 * steps included) and cache (people's photos are cached for a year under their hash), so nothing
 * of the session outlives it on a shared computer.
 */
export const POST = endpoint(async (context) => {
  const { admin, sessionToken, clientIp } = context.locals;
  if (admin && sessionToken) await signOut(admin.id, sessionToken, clientIp);
  clearSessionCookie(context.cookies);
  const fromForm = /^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(
    context.request.headers.get('content-type') ?? '',
  );
  const response = fromForm ? context.redirect('/', 303) : ok(context, 'api.logout.done');
  response.headers.set('clear-site-data', '"cache", "cookies", "storage"');
  return response;
});
