import { PuzzleListInput } from '../../../shared/puzzles/puzzle-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listPuzzles } from '../../../server/puzzles/list';

export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listPuzzles(readQuery(context, PuzzleListInput)) }),
);
