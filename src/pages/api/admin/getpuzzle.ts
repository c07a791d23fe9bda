import { apiRoute } from '../../../shared/routes/declare';
import { PuzzleIdInput } from '../../../shared/puzzles/puzzle-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { getPuzzle } from '../../../server/puzzles/service';

export const route = apiRoute({
  path: '/api/admin/getpuzzle',
  methods: ['GET'],
  access: 'puzzles.view',
  input: PuzzleIdInput,
});

/** One puzzle with its content text, for the edit form. */
export const GET = endpoint(async (context) => {
  const { id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: await getPuzzle(id) });
});
