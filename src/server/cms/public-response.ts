import type { AstroGlobal } from 'astro';
import type { CmsSlug } from '../../shared/cms/cms-slugs';
import { htmlAttributes } from '../../shared/settings/ui-settings';
import { loadPublicRender, PUBLIC_CACHE_CONTROL, type PublicRender } from './public-page';

/**
 * A public CMS page's data, with its ETag and caching headers set on the answer. The page is
 * always rendered: the 304 for a browser that holds it is decided once the answer is complete
 * (http/conditional.ts), so it carries the same Content-Security-Policy as the 200 it validates.
 */
export async function publicCmsPage(astro: AstroGlobal, slug: CmsSlug): Promise<PublicRender> {
  const { locale, ui } = astro.locals;
  const render = await loadPublicRender(slug, locale, htmlAttributes(ui));
  astro.response.headers.set('etag', render.etag);
  astro.response.headers.set('cache-control', PUBLIC_CACHE_CONTROL);
  return render;
}
