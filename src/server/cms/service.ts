import { eq } from 'drizzle-orm';
import { db } from '../db/client';
import { cmsPages, type CmsSlug } from '../db/schema';

export interface PublicPage {
  title: string;
  /** As stored; pass it through `sanitizeCmsHtml` before it reaches `set:html`. */
  content: string;
  updatedAt: Date;
}

/** The CMS page visitors read at /about, /privacy-policy and /teams-condition; null when none exists. */
export async function getPublicPage(slug: CmsSlug): Promise<PublicPage | null> {
  const [page] = await (
    await db()
  )
    .select({ title: cmsPages.title, content: cmsPages.content, updatedAt: cmsPages.updatedAt })
    .from(cmsPages)
    .where(eq(cmsPages.slug, slug))
    .limit(1);
  return page ?? null;
}
