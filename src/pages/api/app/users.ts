import { apiRoute } from '../../../shared/routes/declare';
import { appEndpoint } from '../../../server/http/app-request';
import { ok, readJson } from '../../../server/http/envelope';
import { HttpError } from '../../../server/http/errors';
import { syncUsers } from '../../../server/users/sync';
import { APP_USERS_MAX, AppUsersInput, checkRows, dropRepeats } from '../../../server/users/sync-input';

export const route = apiRoute({
  path: '/api/app/users',
  methods: ['POST'],
  access: { scope: 'users.write' },
  input: AppUsersInput,
  limit: 'batch',
  errors: [400],
});

/**
 * The product creates or updates up to 1,000 users per call by its own id (`external_id`). Bad
 * rows are listed in `rejected` with their field and reason; the good ones are written regardless.
 */
export const POST = appEndpoint(route, async (context, client) => {
  const { users } = await readJson(context, route.input, {}, { rows: ['users'] });
  if (users.length === 0 || users.length > APP_USERS_MAX) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { users: 'appApi.users.batchSize' },
      values: { max: APP_USERS_MAX },
    });
  }
  const { t } = context.locals;
  const checked = checkRows(users, t);
  const unique = dropRepeats(checked.valid, t);
  const earlier = [...checked.rejected, ...unique.rejected];
  const outcome = await syncUsers(unique.accepted, client, {
    received: users.length,
    rejected: earlier.length,
  });
  const taken = outcome.taken.map((row) => ({
    index: row.index,
    external_id: row.external_id,
    field: 'email',
    code: 'email_taken' as const,
    reason: t('users.api.emailTaken'),
  }));
  const erased = (outcome.erased ?? []).map((row) => ({
    index: row.index,
    external_id: row.external_id,
    field: 'external_id',
    code: 'erased' as const,
    reason: t('appApi.users.erased'),
  }));
  const rejected = [...earlier, ...taken, ...erased].sort((a, b) => a.index - b.index);
  const { created, updated, unchanged } = outcome;
  return ok(
    context,
    'appApi.users.synced',
    { ResponseBody: { created, updated, unchanged, rejected } },
    { created, updated, rejected: rejected.length },
  );
});
