import { apiRoute } from '../../../shared/routes/declare';
import { CmsRevisionIdInput } from '../../../shared/cms/cms-input';
import { getRevision } from '../../../server/cms/revisions';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getcmsrevision',
  methods: ['GET'],
  access: 'content.view',
  input: CmsRevisionIdInput,
});

/** One revision and its word-level differences from the current text. */
export const GET = endpoint(async (context) => {
  const { id } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: await getRevision(id) });
});
