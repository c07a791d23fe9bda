import { apiRoute } from '../../../shared/routes/declare';
import { RevokeSessionInput } from '../../../shared/account/session-row';
import { currentSession } from '../../../server/account/current-session';
import { revokeSessions } from '../../../server/account/sessions-list';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/revokesession',
  methods: ['POST'],
  access: 'signed-in',
  input: RevokeSessionInput,
});

/** `{id}` ends one of this admin's other sessions; `{others: true}` ends all of them. */
export const POST = endpoint(async (context) => {
  const { actor, token } = currentSession(context);
  const input = await readJson(context, route.input);
  const result = await revokeSessions(input, actor, token);
  return input.others
    ? ok(context, 'sessions.done.others', { ResponseBody: result }, { number: result.revoked })
    : ok(context, 'sessions.done.one', { ResponseBody: result });
});
