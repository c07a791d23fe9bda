import { apiRoute } from '../../../shared/routes/declare';
import { PuzzleIdInput } from '../../../shared/puzzles/puzzle-input';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';
import { deletePuzzle } from '../../../server/puzzles/service';

export const route = apiRoute({
  path: '/api/admin/deletepuzzle',
  methods: ['POST'],
  access: 'puzzles.delete',
  input: PuzzleIdInput,
});

/** 409 with the reason (and `can_archive`) when the puzzle has been played. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  return ok(context, 'puzzles.api.deleted', { ResponseBody: await deletePuzzle(id, actor) });
});
