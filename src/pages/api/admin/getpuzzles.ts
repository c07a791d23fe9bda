import { apiRoute } from '../../../shared/routes/declare';
import { PuzzleListInput } from '../../../shared/puzzles/puzzle-input';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';
import { listPuzzles } from '../../../server/puzzles/list';

export const route = apiRoute({
  path: '/api/admin/getpuzzles',
  methods: ['GET'],
  access: 'puzzles.view',
  input: PuzzleListInput,
});

export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listPuzzles(readQuery(context, route.input)) }),
);
