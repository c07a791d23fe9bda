import { apiRoute } from '../../../shared/routes/declare';
import { appEndpoint } from '../../../server/http/app-request';
import { ok, readJson } from '../../../server/http/envelope';
import { HttpError } from '../../../server/http/errors';
import { recordPlays } from '../../../server/games/record';
import {
  APP_GAMES_MAX,
  AppGamesInput,
  checkPlays,
  type GameRejection,
} from '../../../server/games/record-input';

export const route = apiRoute({
  path: '/api/app/games',
  methods: ['POST'],
  access: { scope: 'games.write' },
  input: AppGamesInput,
  errors: [400],
});

/**
 * The product records up to 1,000 plays per call. Bad rows and rows for an unknown user or puzzle
 * are listed in `rejected` with their field and reason; the others are recorded regardless.
 */
export const POST = appEndpoint(route, async (context, client) => {
  const { games } = await readJson(context, route.input, {}, { rows: ['games'] });
  if (games.length === 0 || games.length > APP_GAMES_MAX) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { games: 'appApi.games.batchSize' },
      values: { max: APP_GAMES_MAX },
    });
  }
  const { t } = context.locals;
  const checked = checkPlays(games, t);
  const outcome = await recordPlays(checked.valid, client, {
    received: games.length,
    rejected: checked.rejected.length,
  });
  const byIndex = new Map(checked.valid.map((row) => [row.index, row]));
  const missing: GameRejection[] = outcome.missing.map(({ index, user }) => {
    const field = user ? (byIndex.get(index)?.external_id !== null ? 'external_id' : 'user_id') : 'puzzle_id';
    return {
      index,
      field,
      code: user ? 'unknown_user' : 'unknown_puzzle',
      reason: t(user ? 'appApi.games.unknownUser' : 'appApi.games.unknownPuzzle'),
    };
  });
  const rejected = [...checked.rejected, ...missing].sort((a, b) => a.index - b.index);
  return ok(
    context,
    'appApi.games.recorded',
    { ResponseBody: { recorded: outcome.recorded, rejected } },
    { recorded: outcome.recorded, rejected: rejected.length },
  );
});
