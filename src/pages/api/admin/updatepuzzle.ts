import { apiRoute } from '../../../shared/routes/declare';
import { UpdatePuzzleInput } from '../../../shared/puzzles/puzzle-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok } from '../../../server/http/envelope';
import { readPuzzle } from '../../../server/puzzles/read-input';
import { updatePuzzle } from '../../../server/puzzles/service';

export const route = apiRoute({
  path: '/api/admin/updatepuzzle',
  methods: ['POST'],
  access: 'puzzles.edit',
  input: UpdatePuzzleInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readPuzzle(context, route.input);
  return ok(context, 'puzzles.api.updated', { ResponseBody: await updatePuzzle(input, actor) });
});
