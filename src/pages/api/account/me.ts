import { accountFromToken, assertAccountApiOn } from '../../../server/account/service';
import { endpoint, ok } from '../../../server/http/envelope';

export const GET = endpoint(async (context) => {
  // Off (403) unless ACCOUNT_API=true, said before the token is looked at.
  assertAccountApiOn();
  const token = /^Bearer\s+(\S+)$/i.exec(context.request.headers.get('authorization') ?? '')?.[1] ?? null;
  return ok(context, 'api.ok', { ResponseBody: { user: await accountFromToken(token) } });
});
