import { apiRoute } from '../../../shared/routes/declare';
import { CmsVersionInput } from '../../../shared/cms/cms-input';
import { discardCmsDraft } from '../../../server/cms/drafts';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/discardcmsdraft',
  methods: ['POST'],
  access: 'content.edit',
  input: CmsVersionInput,
});

/** Drops a version's draft (none is fine: a repeated discard answers the same). The published text stays. */
export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'cms.api.draftDiscarded', { ResponseBody: await discardCmsDraft(input, actor) });
});
