import { CmsListInput } from '../../../shared/cms/cms-input';
import { listCmsPages } from '../../../server/cms/service';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

/**
 * Every CMS page's language versions, or one language's with `?locale=`. The three English
 * versions always exist, empty until written (DESIGN.md §5), so a client always finds all three.
 */
export const GET = endpoint(async (context) => {
  const { locale } = readQuery(context, CmsListInput);
  return ok(context, 'api.ok', { ResponseBody: await listCmsPages(locale) });
});
