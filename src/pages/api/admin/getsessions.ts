import { apiRoute } from '../../../shared/routes/declare';
import { currentSession } from '../../../server/account/current-session';
import { listSessions } from '../../../server/account/sessions-list';
import { endpoint, ok } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getsessions',
  methods: ['GET'],
  access: 'signed-in',
});

/** This admin's live sessions, most recently used first; `current` marks the one asking. */
export const GET = endpoint(async (context) => {
  const { actor, token } = currentSession(context);
  return ok(context, 'api.ok', { ResponseData: { list: await listSessions(actor.adminId, token) } });
});
