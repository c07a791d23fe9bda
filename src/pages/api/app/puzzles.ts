import { apiRoute } from '../../../shared/routes/declare';
import { AppPuzzlesInput } from '../../../shared/puzzles/puzzle-input';
import { appEndpoint } from '../../../server/http/app-request';
import { ok, readQuery } from '../../../server/http/envelope';
import { listPublished } from '../../../server/puzzles/published';

export const route = apiRoute({
  path: '/api/app/puzzles',
  methods: ['GET'],
  access: { scope: 'puzzles.read' },
  input: AppPuzzlesInput,
});

/** The published puzzles with their content, for the product's game client; paged by id. */
export const GET = appEndpoint(route, async (context) =>
  ok(context, 'api.ok', { ResponseData: await listPublished(readQuery(context, route.input)) }),
);
