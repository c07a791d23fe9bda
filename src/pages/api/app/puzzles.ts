import { AppPuzzlesInput } from '../../../shared/puzzles/puzzle-input';
import { appEndpoint } from '../../../server/http/app-request';
import { ok, readQuery } from '../../../server/http/envelope';
import { listPublished } from '../../../server/puzzles/published';

/** The published puzzles with their content, for the product's game client; paged by id. */
export const GET = appEndpoint('puzzles.read', async (context) =>
  ok(context, 'api.ok', { ResponseData: await listPublished(readQuery(context, AppPuzzlesInput)) }),
);
