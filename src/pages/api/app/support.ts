import { appEndpoint } from '../../../server/http/app-request';
import { ok, readJson, readQuery } from '../../../server/http/envelope';
import { postFromUser, queriesOfUser } from '../../../server/support/app';
import { AppSupportListInput, AppSupportPostInput } from '../../../server/support/app-input';

/**
 * `{user_id | external_id, subject, message}`: a user's new query; with `query_id` instead of a
 * subject, their follow-up on one of their own queries (a resolved one is reopened).
 */
export const POST = appEndpoint('support.write', async (context, client) => {
  const input = await readJson(context, AppSupportPostInput);
  const posted = await postFromUser(input, client);
  return ok(context, posted.message_id ? 'appApi.support.followedUp' : 'appApi.support.created', {
    ResponseBody: posted,
  });
});

/** `?user_id=` or `?external_id=`, `&page=`: the user's queries with replies and follow-ups, never notes. */
export const GET = appEndpoint('support.write', async (context) =>
  ok(context, 'api.ok', { ResponseData: await queriesOfUser(readQuery(context, AppSupportListInput)) }),
);
