import { apiRoute } from '../../../shared/routes/declare';
import { CmsRevisionIdInput } from '../../../shared/cms/cms-input';
import { restoreRevision } from '../../../server/cms/revisions';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/restorecms',
  methods: ['POST'],
  access: 'content.edit',
  input: CmsRevisionIdInput,
});

/** Makes a revision's text current again; the restore is itself a new revision. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const { id } = await readJson(context, route.input);
  return ok(context, 'cms.api.restored', { ResponseBody: await restoreRevision(id, actor) });
});
