import * as z from 'zod/mini';
import { LOCALES, type Locale } from '../../i18n/locales';
import { ListQueryInput } from '../../lib/list-query';
import type { CmsSlug } from './cms-slugs';

/**
 * The CMS endpoints' request shapes (DESIGN.md §5), shared by the editor island and the endpoints.
 * The slug is any string here: an unknown one is a 404 (the page does not exist), not a 400.
 */

/** Content is HTML from the editor; past this many UTF-8 bytes a save is refused with 413. */
export const CMS_CONTENT_LIMIT = 200 * 1024;

const slug = z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(100));
const locale = z.enum(LOCALES);
const id = z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647));

/** `YYYY-MM-DD` that is a real day; empty means "no effective date". */
const effectiveDate = z.pipe(
  z.transform((value: unknown) => (value === '' || value === undefined ? null : value)),
  z.nullable(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'),
      z.refine(
        (value) =>
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        'validation.date',
      ),
    ),
  ),
);

export const CmsListInput = z.object({
  locale: z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(locale),
  ),
});

/** `updatecms` (publish) and `savecmsdraft` (keep unpublished) take the same fields. */
export const CmsSaveInput = z.object({
  slug,
  locale: z._default(locale, 'en'),
  title: z.string().check(z.trim(), z.minLength(1, 'validation.required'), z.maxLength(200)),
  content: z.string(),
  effective_date: z.optional(effectiveDate),
});
export type CmsSaveInput = z.output<typeof CmsSaveInput>;

/** One page's language version: `discardcmsdraft`. */
export const CmsVersionInput = z.object({ slug, locale: z._default(locale, 'en') });
export type CmsVersionInput = z.output<typeof CmsVersionInput>;

export const CmsRevisionsInput = z.extend(ListQueryInput, { slug, locale: z._default(locale, 'en') });
export type CmsRevisionsInput = z.output<typeof CmsRevisionsInput>;

export const CmsRevisionIdInput = z.object({ id });

/** A page's language version as `getcmss` and `updatecms` answer. Timestamps are ISO 8601 (UTC). */
export interface CmsPageRow {
  slug: CmsSlug;
  locale: Locale;
  title: string;
  content: string;
  updated_at: string;
  /** The admin's name; null when that admin was deleted. */
  updated_by: string | null;
  effective_date: string | null;
  /** The unpublished text `savecmsdraft` keeps; absent when there is none. */
  draft?: CmsDraftRow;
}

/** A version's draft: what the editor reopens; visitors still read the published fields. */
export interface CmsDraftRow {
  title: string;
  content: string;
  effective_date: string | null;
  updated_at: string;
  updated_by: string | null;
}

/** A language version without its texts: what the editor page puts in its island's props. */
export type CmsPageMeta = Omit<CmsPageRow, 'content' | 'draft'> & { draft?: Omit<CmsDraftRow, 'content'> };

/** The version's row without its texts. */
export function pageMeta(row: CmsPageRow): CmsPageMeta {
  const { content: _content, draft, ...meta } = row;
  if (!draft) return meta;
  const { content: _draftContent, ...draftMeta } = draft;
  return { ...meta, draft: draftMeta };
}

export interface CmsRevisionRow {
  id: number;
  slug: CmsSlug;
  locale: Locale;
  title: string;
  effective_date: string | null;
  author: string | null;
  created_at: string;
  restored_from: number | null;
}

/** A run of text that both versions share, or that only one of them has. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** `getcmsrevision`: one revision, and what changed from it to the current text. */
export interface CmsRevisionDetail {
  revision: CmsRevisionRow & { content: string };
  current: { title: string; content: string };
  /** Null when the two are too different to compare word by word: the viewer sets them side by side. */
  diff: {
    title: DiffPart[] | null;
    content: DiffPart[] | null;
    /**
     * Both versions' HTML as visitors see it, words only the revision has in `<del>`, words only
     * the current text has in `<ins>` (`class="app-diff-format"` when only their formatting
     * changed). Null when too different to compare.
     */
    formatted?: { before: string; after: string } | null;
  };
}
