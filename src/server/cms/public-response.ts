import type { AstroGlobal } from 'astro';
import type { CmsSlug } from '../../features/cms/cms-slugs';
import { htmlAttributes } from '../../features/settings/ui-settings';
import { loadPublicRender, matchesIfNoneMatch, PUBLIC_CACHE_CONTROL, type PublicRender } from './public-page';

/**
 * A public CMS page's data and caching headers; `notModified` is the 304 to return when the
 * browser already holds exactly what would be rendered.
 */
export async function publicCmsPage(
  astro: AstroGlobal,
  slug: CmsSlug,
): Promise<{ render: PublicRender; notModified: Response | null }> {
  const { locale, ui } = astro.locals;
  const render = await loadPublicRender(slug, locale, htmlAttributes(ui));
  const headers = { etag: render.etag, 'cache-control': PUBLIC_CACHE_CONTROL };
  if (matchesIfNoneMatch(astro.request.headers.get('if-none-match'), render.etag)) {
    return { render, notModified: new Response(null, { status: 304, headers }) };
  }
  for (const [name, value] of Object.entries(headers)) astro.response.headers.set(name, value);
  return { render, notModified: null };
}
