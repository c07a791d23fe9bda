import type { MiddlewareHandler } from 'astro';
import { envelope } from '../http/envelope';
import { classify, FIRST_PASSWORD_API, FIRST_PASSWORD_PAGE, normalisePath } from '../http/routes';
import { originRefusal } from './origin';

/**
 * Denies by default (CONVENTIONS.md): public routes are an allow-list, everything else needs a
 * session; requests from elsewhere are refused first (origin.ts), and a session still on its
 * first-start password reaches only the password form.
 */
export const guard: MiddlewareHandler = (context, next) => {
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
};
