import { CmsRevisionIdInput } from '../../../shared/cms/cms-input';
import { getRevision } from '../../../server/cms/revisions';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

/** One revision and its word-level differences from the current text. */
export const GET = endpoint(async (context) => {
  const { id } = readQuery(context, CmsRevisionIdInput);
  return ok(context, 'api.ok', { ResponseBody: await getRevision(id) });
});
