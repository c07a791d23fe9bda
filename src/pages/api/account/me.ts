import { apiRoute } from '../../../shared/routes/declare';
import { accountFromToken, assertAccountApiOn } from '../../../server/account-api/service';
import { endpoint, okAtTopLevel } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/account/me',
  methods: ['GET'],
  access: 'own-auth',
});

/** `user` at the top level, where the seed's client reads it (DESIGN.md §5). */
export const GET = endpoint(async (context) => {
  // Off (403) unless ACCOUNT_API=true, said before the token is looked at.
  assertAccountApiOn();
  const token = /^Bearer\s+(\S+)$/i.exec(context.request.headers.get('authorization') ?? '')?.[1] ?? null;
  return okAtTopLevel(context, 'api.ok', { user: await accountFromToken(token) });
});
