import { apiRoute } from '../../../shared/routes/declare';
import { GameHistoryInput } from '../../../shared/games/game-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listGameHistory } from '../../../server/games/service';

export const route = apiRoute({
  path: '/api/admin/getgamehistory',
  methods: ['GET'],
  access: 'games.view',
  input: GameHistoryInput,
});

export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listGameHistory(readQuery(context, route.input)) }),
);
