import { PrivacyUserInput } from '../../../shared/privacy/privacy-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { erasureState } from '../../../server/privacy/erasure';

/** Where a player's erasure stands: what the privacy panel shows first. */
export const GET = endpoint(async (context) => {
  actorOf(context);
  const { id } = readQuery(context, PrivacyUserInput);
  return ok(context, 'api.ok', { ResponseBody: await erasureState(id) });
});
