import { GameHistoryInput } from '../../../shared/games/game-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listGameHistory } from '../../../server/games/service';

export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listGameHistory(readQuery(context, GameHistoryInput)) }),
);
