import { apiRoute } from '../../../../shared/routes/declare';
import { appEndpoint } from '../../../../server/http/app-request';
import { ok } from '../../../../server/http/envelope';
import { standingByExternalId } from '../../../../server/users/standing';

export const route = apiRoute({
  path: '/api/app/users/[external_id]',
  methods: ['GET'],
  access: { scope: 'users.read' },
});

/**
 * A player's standing for the game to check at sign-in: `{id, external_id, status, ban, erasure}`
 * with `ban: {reason, until}` while one is in force and `erasure: {scheduled_for}` while one waits (an ended ban is over at once, not at the worker's
 * next round).
 */
export const GET = appEndpoint(route, async (context) => {
  const externalId = context.params.external_id ?? '';
  return ok(context, 'api.ok', { ResponseBody: await standingByExternalId(externalId) });
});
