import { apiRoute } from '../../../shared/routes/declare';
import { PrivacyUserInput } from '../../../shared/privacy/privacy-input';
import { actorOf, assertSameOriginGet } from '../../../server/http/admin-request';
import { endpoint, readQuery } from '../../../server/http/envelope';
import { exportUserData } from '../../../server/privacy/export';

export const route = apiRoute({
  path: '/api/admin/exportuserdata',
  methods: ['GET'],
  access: 'users.privacy',
  working: true,
  input: PrivacyUserInput,
});

/** A player's whole record as one JSON attachment (personal data leaving the system: audited). */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  assertSameOriginGet(context);
  const { id } = readQuery(context, route.input);
  return exportUserData(id, actor, () => context.locals.outputReady?.() ?? Promise.resolve());
});
