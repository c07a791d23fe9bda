import { apiRoute } from '../../../shared/routes/declare';
import { CmsSaveInput } from '../../../shared/cms/cms-input';
import { saveCmsDraft } from '../../../server/cms/drafts';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/savecmsdraft',
  methods: ['POST'],
  access: 'content.edit',
  input: CmsSaveInput,
});

/** Keeps a version's unpublished text; `updatecms` publishes it. The answer is the version with its `draft`. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'cms.api.draftSaved', { ResponseBody: await saveCmsDraft(input, actor) });
});
