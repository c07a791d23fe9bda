import { CmsRevisionsInput } from '../../../shared/cms/cms-input';
import { listRevisions } from '../../../server/cms/revisions';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

/** `?slug=&locale=` plus the list query: that language version's saves, newest first. */
export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listRevisions(readQuery(context, CmsRevisionsInput)) }),
);
