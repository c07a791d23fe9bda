import { apiRoute } from '../../../shared/routes/declare';
import { CmsRevisionsInput } from '../../../shared/cms/cms-input';
import { listRevisions } from '../../../server/cms/revisions';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getcmsrevisions',
  methods: ['GET'],
  access: 'content.view',
  input: CmsRevisionsInput,
});

/** `?slug=&locale=` plus the list query: that language version's saves, newest first. */
export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listRevisions(readQuery(context, route.input)) }),
);
