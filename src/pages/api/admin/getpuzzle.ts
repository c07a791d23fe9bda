import { PuzzleIdInput } from '../../../shared/puzzles/puzzle-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { getPuzzle } from '../../../server/puzzles/service';

/** One puzzle with its content text, for the edit form. */
export const GET = endpoint(async (context) => {
  const { id } = readQuery(context, PuzzleIdInput);
  return ok(context, 'api.ok', { ResponseBody: await getPuzzle(id) });
});
