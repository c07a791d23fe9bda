import { api } from '../../lib/api-client';
import type { ListResult } from '../../lib/envelope';
import type { Locale } from '../../i18n/locales';
import type { CmsPageRow, CmsRevisionDetail, CmsRevisionRow } from '../../shared/cms/cms-input';
import type { CmsSlug } from '../../shared/cms/cms-slugs';

/** The CMS endpoints as the editor island calls them (DESIGN.md §5); each rejects with the envelope. */

export async function fetchPage(slug: CmsSlug, locale: Locale): Promise<CmsPageRow | null> {
  const answer = await api('/api/admin/getcmss', { query: { locale } });
  return answer.ResponseBody?.find((page) => page.slug === slug) ?? null;
}

/** The form's fields (slug, locale, title, content, effective_date) as JSON. */
export async function savePage(data: FormData): Promise<{ page: CmsPageRow; message: string }> {
  const json = Object.fromEntries([...data].filter(([, value]) => typeof value === 'string'));
  const answer = await api('/api/admin/updatecms', { json });
  if (!answer.ResponseBody) throw new Error('No page in the answer');
  return { page: answer.ResponseBody, message: answer.ResponseMessage };
}

export const REVISIONS_RECORD = 10;

export async function fetchRevisions(
  slug: CmsSlug,
  locale: Locale,
  page: number,
  signal?: AbortSignal,
): Promise<ListResult<CmsRevisionRow>> {
  const answer = await api('/api/admin/getcmsrevisions', {
    query: { slug, locale, page, record: REVISIONS_RECORD },
    signal,
  });
  return answer.ResponseData ?? { list: [], total: 0, page, record: REVISIONS_RECORD, search: '' };
}

export async function fetchRevision(id: number, signal?: AbortSignal): Promise<CmsRevisionDetail> {
  const answer = await api('/api/admin/getcmsrevision', { query: { id }, signal });
  if (!answer.ResponseBody) throw new Error('No revision in the answer');
  return answer.ResponseBody;
}

export async function restoreRevision(id: number): Promise<{ page: CmsPageRow; message: string }> {
  const answer = await api('/api/admin/restorecms', { json: { id } });
  if (!answer.ResponseBody) throw new Error('No page in the answer');
  return { page: answer.ResponseBody, message: answer.ResponseMessage };
}
