import { apiRoute } from '../../../shared/routes/declare';
import { CmsListInput } from '../../../shared/cms/cms-input';
import { listCmsPages } from '../../../server/cms/service';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getcmss',
  methods: ['GET'],
  access: 'content.view',
  input: CmsListInput,
});

/**
 * Every CMS page's language versions, or one language's with `?locale=`. The three English
 * versions always exist, empty until written (DESIGN.md §5), so a client always finds all three.
 */
export const GET = endpoint(async (context) => {
  const { locale } = readQuery(context, route.input);
  return ok(context, 'api.ok', { ResponseBody: await listCmsPages(locale) });
});
