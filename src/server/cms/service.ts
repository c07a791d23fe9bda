import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CmsPageRow, CmsSaveInput } from '../../shared/cms/cms-input';
import { CMS_CONTENT_LIMIT } from '../../shared/cms/cms-input';
import { isCmsSlug, type CmsSlug } from '../../shared/cms/cms-slugs';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales';
import { audit } from '../audit/service';
import { db, type Db, type Tx } from '../db/client';
import { admins, cmsPageDrafts, cmsPageRevisions, cmsPages } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { editSummary } from './edit-summary';
import { sanitizeCmsHtml } from './sanitize';
import { adminDisplayName } from '../admins/display-name';
import { auditTarget } from '../../shared/audit/vocabulary';

export interface PublicPage {
  title: string;
  /** As stored; pass it through `sanitizeCmsHtml` before it reaches `set:html`. */
  content: string;
  /** The language of the text found: the visitor's, or English when theirs has none. */
  locale: Locale;
  updatedAt: Date;
  effectiveDate: string | null;
}

/**
 * The CMS page visitors read at /about, /privacy-policy and /teams-condition, in their language
 * or else English; null when neither has any text yet (every page exists from the first start,
 * empty until written, and the visitor is then told so under the page's translated name).
 * One indexed read (the (slug, locale) key).
 */
export async function getPublicPage(slug: CmsSlug, locale: Locale): Promise<PublicPage | null> {
  const [page] = await (
    await db()
  )
    .select({
      title: cmsPages.title,
      content: cmsPages.content,
      locale: cmsPages.locale,
      updatedAt: cmsPages.updatedAt,
      effectiveDate: cmsPages.effectiveDate,
    })
    .from(cmsPages)
    .where(
      and(
        eq(cmsPages.slug, slug),
        inArray(cmsPages.locale, [locale, DEFAULT_LOCALE]),
        sql`btrim(${cmsPages.content}) <> ''`,
      ),
    )
    .orderBy(sql`${cmsPages.locale} = ${locale} DESC`)
    .limit(1);
  return page ?? null;
}

const draftAuthors = alias(admins, 'draft_authors');

const pageColumns = {
  slug: cmsPages.slug,
  locale: cmsPages.locale,
  title: cmsPages.title,
  content: cmsPages.content,
  updatedAt: cmsPages.updatedAt,
  effectiveDate: cmsPages.effectiveDate,
  author: adminDisplayName(admins.firstName, admins.lastName),
  draftTitle: cmsPageDrafts.title,
  draftContent: cmsPageDrafts.content,
  draftEffectiveDate: cmsPageDrafts.effectiveDate,
  draftUpdatedAt: cmsPageDrafts.updatedAt,
  draftAuthor: adminDisplayName(draftAuthors.firstName, draftAuthors.lastName),
};

interface PageRecord {
  slug: CmsSlug;
  locale: Locale;
  title: string;
  content: string;
  updatedAt: Date;
  effectiveDate: string | null;
  author: string | null;
  draftTitle: string | null;
  draftContent: string | null;
  draftEffectiveDate: string | null;
  draftUpdatedAt: Date | null;
  draftAuthor: string | null;
}

/** A version's row; `draft` only when it has one, so a client that knows no drafts sees the shape it knew. */
function toPageRow(page: PageRecord): CmsPageRow {
  const row: CmsPageRow = {
    slug: page.slug,
    locale: page.locale,
    title: page.title,
    content: page.content,
    updated_at: page.updatedAt.toISOString(),
    updated_by: page.author,
    effective_date: page.effectiveDate,
  };
  if (page.draftTitle !== null && page.draftUpdatedAt) {
    row.draft = {
      title: page.draftTitle,
      content: page.draftContent ?? '',
      effective_date: page.draftEffectiveDate,
      updated_at: page.draftUpdatedAt.toISOString(),
      updated_by: page.draftAuthor,
    };
  }
  return row;
}

/** The pages with their authors and drafts. */
const pagesWithDrafts = (run: Db | Tx) =>
  run
    .select(pageColumns)
    .from(cmsPages)
    .leftJoin(admins, eq(admins.id, cmsPages.updatedBy))
    .leftJoin(cmsPageDrafts, eq(cmsPageDrafts.pageId, cmsPages.id))
    .leftJoin(draftAuthors, eq(draftAuthors.id, cmsPageDrafts.adminId));

/**
 * `getcmss`: every page's language versions (or one language's), stored content as saved
 * (sanitized). The three English versions always exist (migration 0011), empty until written.
 */
export async function listCmsPages(locale?: Locale): Promise<CmsPageRow[]> {
  const rows = await pagesWithDrafts(await db())
    .where(locale ? eq(cmsPages.locale, locale) : undefined)
    .orderBy(asc(cmsPages.slug), asc(cmsPages.locale));
  return rows.map(toPageRow);
}

/** One page's language version (the editor's first render); null when that language has none yet. */
export async function getCmsPage(slug: CmsSlug, locale: Locale, run?: Db | Tx): Promise<CmsPageRow | null> {
  const [row] = await pagesWithDrafts(run ?? (await db())).where(
    and(eq(cmsPages.slug, slug), eq(cmsPages.locale, locale)),
  );
  return row ? toPageRow(row) : null;
}

export function assertCmsSlug(slug: string): CmsSlug {
  if (!isCmsSlug(slug)) throw new HttpError(404, 'cms.api.notFound');
  return slug;
}

export function assertContentSize(content: string): void {
  if (Buffer.byteLength(content, 'utf8') > CMS_CONTENT_LIMIT) {
    throw new HttpError(413, 'cms.api.tooLarge', {
      fieldKeys: { content: 'cms.api.tooLarge' },
      values: { size: CMS_CONTENT_LIMIT / 1024 },
    });
  }
}

export interface PageWrite {
  slug: CmsSlug;
  locale: Locale;
  title: string;
  /** Already sanitized. */
  content: string;
  effectiveDate: string | null;
  restoredFrom?: number;
}

/**
 * Writes a page's language version and its revision together (the caller's transaction also holds
 * the audit row). The upsert on (slug, locale) lets two first saves of a language race safely.
 */
export async function writePage(tx: Tx, write: PageWrite, actor: Actor): Promise<string | null> {
  const [before] = await tx
    .select({ title: cmsPages.title, content: cmsPages.content, effectiveDate: cmsPages.effectiveDate })
    .from(cmsPages)
    .where(and(eq(cmsPages.slug, write.slug), eq(cmsPages.locale, write.locale)))
    .for('update');
  const values = {
    title: write.title,
    content: write.content,
    effectiveDate: write.effectiveDate,
    updatedBy: actor.adminId,
    updatedAt: new Date(),
  };
  const [page] = await tx
    .insert(cmsPages)
    .values({ slug: write.slug, locale: write.locale, ...values })
    .onConflictDoUpdate({ target: [cmsPages.slug, cmsPages.locale], set: values })
    .returning({ id: cmsPages.id });
  await tx.insert(cmsPageRevisions).values({
    pageId: page!.id,
    title: write.title,
    content: write.content,
    effectiveDate: write.effectiveDate,
    adminId: actor.adminId,
    restoredFrom: write.restoredFrom ?? null,
  });
  // Published: the draft it came from (or one it overrides) is done with.
  await tx.delete(cmsPageDrafts).where(eq(cmsPageDrafts.pageId, page!.id));
  return editSummary(before, write, write.restoredFrom ? { revision: write.restoredFrom } : {});
}

/**
 * `updatecms`: publishes. Sanitized on the way in; page, revision, the draft's removal and the audit
 * row in one transaction.
 */
export async function saveCmsPage(input: CmsSaveInput, actor: Actor): Promise<CmsPageRow> {
  const slug = assertCmsSlug(input.slug);
  assertContentSize(input.content);
  const content = sanitizeCmsHtml(input.content);
  return (await db()).transaction(async (tx) => {
    const changes = await writePage(
      tx,
      {
        slug,
        locale: input.locale,
        title: input.title,
        content,
        effectiveDate: input.effective_date ?? null,
      },
      actor,
    );
    await audit(tx, {
      adminId: actor.adminId,
      action: 'content.update',
      target: auditTarget('content', `${slug}:${input.locale}`),
      detail: changes,
      ip: actor.ip,
    });
    return (await getCmsPage(slug, input.locale, tx))!;
  });
}
