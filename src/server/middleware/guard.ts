import type { MiddlewareHandler } from 'astro';
import { describeHttpError, envelope } from '../http/envelope';
import {
  allowedWhile,
  classify,
  FIRST_PASSWORD_PAGE,
  MFA_SETUP_PAGE,
  normalisePath,
  PENDING_PAGE,
} from '../http/routes';
import { homeFor } from '../roles/menu';
import { config } from '../config';
import { flashCookie } from '../../shared/feedback/flash';
import { auditDenied, permissionDenied } from '../roles/refusal';
import { meets, namedPermission, needOf } from '../roles/route-permissions';
import { forbiddenPage } from './forbidden';
import { originRefusal } from './origin';

/**
 * Denies by default (CONVENTIONS.md): public routes are an allow-list, everything else needs a
 * session; requests from elsewhere are refused first (origin.ts), a session still on its
 * first-start password reaches only the password form, a registered admin waiting for approval
 * only the page that says so, and every signed-in route needs what its declaration says
 * (src/server/http/route-table.ts; 403 naming it, audited).
 */
export const guard: MiddlewareHandler = async (context, next) => {
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
    if (kind === 'admin-api' && !allowedWhile(path, 'first-password')) {
      return envelope(403, { ResponseMessage: locals.t('auth.passwordChangeRequired') });
    }
    // Stored images are people's photos: data like any other, not part of the password form.
    if (kind === 'image') return new Response(null, { status: 403 });
  }
  // Registered, not yet approved: one page that says so, and the API says why it refuses.
  if (locals.admin?.status === 'pending') {
    const path = normalisePath(url.pathname);
    if (kind === 'admin-page' && path !== PENDING_PAGE) return context.redirect(PENDING_PAGE, 302);
    if (kind === 'admin-api' && !allowedWhile(path, 'pending')) {
      return envelope(403, { ResponseMessage: locals.t('auth.approvalPending') });
    }
    if (kind === 'image') return new Response(null, { status: 403 });
  }
  // Required a second factor, grace period over, none set: the factor setup only (server/mfa).
  if (locals.admin?.mfa?.locked) {
    const path = normalisePath(url.pathname);
    const onSetup = path === '/account-setting' && url.searchParams.get('tab') === 'security';
    if (kind === 'admin-page' && !onSetup) return context.redirect(MFA_SETUP_PAGE, 302);
    if (kind === 'admin-api' && !allowedWhile(path, 'mfa-setup')) {
      return envelope(403, {
        ResponseMessage: locals.t('mfa.api.setupRequired'),
        ResponseBody: { mfa_setup_required: true },
      });
    }
    if (kind === 'image') return new Response(null, { status: 403 });
  }
  if (locals.admin && (kind === 'admin-page' || kind === 'admin-api')) {
    const path = normalisePath(url.pathname);
    const need = needOf(path, url);
    // An endpoint that declares no permission is not one: as unknown as a path with no file.
    if (need === undefined) return envelope(404, { ResponseMessage: locals.t('api.error.notFound') });
    if (need !== 'signed-in' && !meets(locals.admin.permissions, need)) {
      // The home address is every sign-in's landing: it sends a role without the dashboard on,
      // and the page it lands on says why (a flash), rather than leaving them to wonder.
      if (path === '/dashboard') {
        const home = homeFor(locals.admin.permissions);
        const cookie = flashCookie('shell.sentHome', 'default', { secure: config().secureCookies });
        return new Response(null, { status: 302, headers: { location: home, 'set-cookie': cookie } });
      }
      const permission = namedPermission(need);
      await auditDenied(context, permission);
      if (kind === 'admin-page') return forbiddenPage(context, permission);
      const { message } = describeHttpError(locals.t, permissionDenied(context, permission));
      return envelope(403, { ResponseMessage: message, ResponseBody: { permission } });
    }
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
};
