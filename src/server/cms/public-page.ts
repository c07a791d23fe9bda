import { createHash, randomUUID } from 'node:crypto';
import type { CmsSlug } from '../../shared/cms/cms-slugs';
import type { Locale } from '../../i18n/locales';
import { sanitizeCmsHtml } from './sanitize';
import { getPublicPage, type PublicPage } from './service';

/**
 * Part of every ETag: the layout, the catalogues and the assets change only with a new build, and
 * a new build means a new process. So a restart (or another instance) answers 200 once rather than
 * ever revalidating a page this code did not render.
 */
const RENDER_VERSION = randomUUID();

/**
 * Render-time sanitizing is a pure function of the stored text, so its answer is kept for the few
 * texts the public pages show (3 pages × 4 languages), keyed by the text itself.
 */
const sanitized = new Map<string, string>();
const SANITIZED_MAX = 24;

function sanitizeForRender(content: string): string {
  let html = sanitized.get(content);
  if (html === undefined) {
    html = sanitizeCmsHtml(content).trim();
    if (sanitized.size >= SANITIZED_MAX) sanitized.delete(sanitized.keys().next().value!);
    sanitized.set(content, html);
  }
  return html;
}

export interface PublicRender {
  page: PublicPage | null;
  /** Sanitized again on render (DESIGN.md §8): the only thing `set:html` may receive. */
  html: string;
  etag: string;
}

/** Everything the page's HTML depends on, hashed: same inputs, same bytes, same ETag. */
export async function loadPublicRender(slug: CmsSlug, locale: Locale, look: unknown): Promise<PublicRender> {
  const page = await getPublicPage(slug, locale);
  const html = page ? sanitizeForRender(page.content) : '';
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        RENDER_VERSION,
        slug,
        locale,
        look,
        page?.locale,
        page?.title,
        html,
        page?.updatedAt.toISOString(),
        page?.effectiveDate,
      ]),
    )
    .digest('base64url');
  // Weak: the bytes on the wire differ when the server compresses, the page does not.
  return { page, html, etag: `W/"${hash.slice(0, 32)}"` };
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and `*` matches any current page. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Browsers may keep the page but must ask first: a saved change shows on the very next load. */
export const PUBLIC_CACHE_CONTROL = 'no-cache';
