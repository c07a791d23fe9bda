import { apiRoute } from '../../../shared/routes/declare';
import { PuzzleInput } from '../../../shared/puzzles/puzzle-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { readPuzzle } from '../../../server/puzzles/read-input';
import { createPuzzle } from '../../../server/puzzles/service';

export const route = apiRoute({
  path: '/api/admin/addpuzzle',
  methods: ['POST'],
  access: 'puzzles.edit',
  input: PuzzleInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readPuzzle(context, route.input);
  return ok(context, 'puzzles.api.created', { ResponseBody: await createPuzzle(input, actor) });
});
