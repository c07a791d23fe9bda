import { apiRoute } from '../../../../../shared/routes/declare';
import { appEndpoint } from '../../../../../server/http/app-request';
import { ok } from '../../../../../server/http/envelope';
import { HttpError } from '../../../../../server/http/errors';
import { db } from '../../../../../server/db/client';
import { scheduleErasure, userIdByExternalId } from '../../../../../server/privacy/erasure';
import { erasedExternalIds } from '../../../../../server/privacy/tombstones';

export const route = apiRoute({
  path: '/api/app/users/[external_id]/erasure',
  methods: ['POST'],
  access: { scope: 'users.write' },
});

/**
 * The product asks for a player's erasure on their behalf (they asked in the game): scheduled
 * like an admin's, ERASURE_DELAY ahead. 409 once erased (only the tombstone knows the id then).
 */
export const POST = appEndpoint(route, async (context, client) => {
  const externalId = (context.params.external_id ?? '').trim();
  if (!externalId || externalId.length > 100) {
    throw new HttpError(400, 'api.error.validation', { fieldKeys: { external_id: 'validation.invalid' } });
  }
  if ((await erasedExternalIds(await db(), [externalId])).size > 0) {
    throw new HttpError(409, 'privacy.api.alreadyErased');
  }
  const userId = await userIdByExternalId(externalId);
  const state = await scheduleErasure(userId, { apiKeyId: client.keyId, ip: client.ip });
  return ok(context, 'privacy.api.scheduled', { ResponseBody: state });
});
