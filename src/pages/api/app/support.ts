import { apiRoute } from '../../../shared/routes/declare';
import { appEndpoint } from '../../../server/http/app-request';
import { ok, readJson, readQuery } from '../../../server/http/envelope';
import { postFromUser, queriesOfUser } from '../../../server/support/app';
import { AppSupportListInput, AppSupportPostInput } from '../../../server/support/app-input';

export const route = apiRoute({
  path: '/api/app/support',
  methods: ['GET', 'POST'],
  access: { scope: 'support.write' },
  input: AppSupportPostInput,
  query: AppSupportListInput,
});

/**
 * `{user_id | external_id, subject, message}`: a user's new query; with `query_id` instead of a
 * subject, their follow-up on one of their own queries (a resolved one is reopened).
 */
export const POST = appEndpoint(route, async (context, client) => {
  const input = await readJson(context, route.input);
  const posted = await postFromUser(input, client);
  return ok(context, posted.message_id ? 'appApi.support.followedUp' : 'appApi.support.created', {
    ResponseBody: posted,
  });
});

/** `?user_id=` or `?external_id=`, `&page=`: the user's queries with replies and follow-ups, never notes. */
export const GET = appEndpoint(route, async (context) =>
  ok(context, 'api.ok', { ResponseData: await queriesOfUser(readQuery(context, route.query)) }),
);
