import { apiRoute } from '../../../shared/routes/declare';
import { CmsSaveInput } from '../../../shared/cms/cms-input';
import { saveCmsPage } from '../../../server/cms/service';
import { actorOf } from '../../../server/http/admin-request';
import { endpoint, ok, readJson } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/updatecms',
  methods: ['POST'],
  access: 'content.edit',
  input: CmsSaveInput,
});

export const POST = endpoint(async (context) => {
  const actor = actorOf(context);
  const input = await readJson(context, route.input);
  return ok(context, 'cms.api.saved', { ResponseBody: await saveCmsPage(input, actor) });
});
