import { toAdminData } from '../../../server/auth/login-service';
import { endpoint, ok } from '../../../server/http/envelope';
import { HttpError } from '../../../server/http/errors';

export const GET = endpoint(async (context) => {
  const { admin } = context.locals;
  if (!admin) throw new HttpError(401, 'api.error.unauthorized');
  return ok(context, 'api.ok', { ResponseBody: toAdminData(admin) });
});
