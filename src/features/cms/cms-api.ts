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

/** What a save answers: the version (with its draft, if any), the server's words, and whether it published. */
export interface CmsSaved {
  page: CmsPageRow;
  message: string;
  published: boolean;
}

/** The form's fields (slug, locale, title, content, effective_date) as JSON. */
const fieldsOf = (data: FormData) =>
  Object.fromEntries([...data].filter(([name, value]) => name !== 'intent' && typeof value === 'string'));

/** The three calls that write a version and answer it. */
type SavePath = '/api/admin/savecmsdraft' | '/api/admin/updatecms' | '/api/admin/restorecms';

async function send(path: SavePath, json: Record<string, unknown>, published: boolean): Promise<CmsSaved> {
  const answer = await api(path, { json });
  if (!answer.ResponseBody) throw new Error('No page in the answer');
  return { page: answer.ResponseBody, message: answer.ResponseMessage, published };
}

/** Publishes the form (`updatecms`), or keeps it as the version's draft when sent by "Save draft". */
export function savePage(data: FormData): Promise<CmsSaved> {
  return data.get('intent') === 'draft'
    ? send('/api/admin/savecmsdraft', fieldsOf(data), false)
    : send('/api/admin/updatecms', fieldsOf(data), true);
}

/** Keeps the given text as the version's draft (Copy from English). */
export const saveDraft = (fields: { slug: CmsSlug; locale: Locale; title: string; content: string }) =>
  send('/api/admin/savecmsdraft', fields, false);

/** Drops the version's draft; null when the version does not exist. */
export async function discardDraft(
  slug: CmsSlug,
  locale: Locale,
): Promise<{ page: CmsPageRow | null; message: string }> {
  const answer = await api('/api/admin/discardcmsdraft', { json: { slug, locale } });
  return { page: answer.ResponseBody ?? null, message: answer.ResponseMessage };
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

export const restoreRevision = (id: number) => send('/api/admin/restorecms', { id }, true);
