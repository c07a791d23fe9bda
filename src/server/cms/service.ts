import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CmsPageRow, CmsSaveInput } from '../../shared/cms/cms-input';
import { CMS_CONTENT_LIMIT } from '../../shared/cms/cms-input';
import { isCmsSlug, type CmsSlug } from '../../shared/cms/cms-slugs';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/locales';
import { changesDetail } from '../audit/changes';
import { audit } from '../audit/service';
import { db, type Db, type Tx } from '../db/client';
import { admins, cmsPageRevisions, cmsPages } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { cmsText } from './diff';
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

const pageColumns = {
  slug: cmsPages.slug,
  locale: cmsPages.locale,
  title: cmsPages.title,
  content: cmsPages.content,
  updatedAt: cmsPages.updatedAt,
  effectiveDate: cmsPages.effectiveDate,
  author: adminDisplayName(admins.firstName, admins.lastName),
};

interface PageRecord {
  slug: CmsSlug;
  locale: Locale;
  title: string;
  content: string;
  updatedAt: Date;
  effectiveDate: string | null;
  author: string | null;
}

function toPageRow(page: PageRecord): CmsPageRow {
  return {
    slug: page.slug,
    locale: page.locale,
    title: page.title,
    content: page.content,
    updated_at: page.updatedAt.toISOString(),
    updated_by: page.author,
    effective_date: page.effectiveDate,
  };
}

/**
 * `getcmss`: every page's language versions (or one language's), stored content as saved
 * (sanitized). The three English versions always exist (migration 0011), empty until written.
 */
export async function listCmsPages(locale?: Locale): Promise<CmsPageRow[]> {
  const rows = await (
    await db()
  )
    .select(pageColumns)
    .from(cmsPages)
    .leftJoin(admins, eq(admins.id, cmsPages.updatedBy))
    .where(locale ? eq(cmsPages.locale, locale) : undefined)
    .orderBy(asc(cmsPages.slug), asc(cmsPages.locale));
  return rows.map(toPageRow);
}

/** One page's language version (the editor's first render); null when that language has none yet. */
export async function getCmsPage(slug: CmsSlug, locale: Locale, run?: Db | Tx): Promise<CmsPageRow | null> {
  const [row] = await (run ?? (await db()))
    .select(pageColumns)
    .from(cmsPages)
    .leftJoin(admins, eq(admins.id, cmsPages.updatedBy))
    .where(and(eq(cmsPages.slug, slug), eq(cmsPages.locale, locale)));
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
  // The page's words, not its markup, and cut short: the revision keeps the whole version.
  const wordsOf = (page: { title: string; content: string; effectiveDate: string | null }) => ({
    title: page.title,
    content: cmsText(page.content),
    effectiveDate: page.effectiveDate,
  });
  return changesDetail(
    before ? wordsOf(before) : {},
    wordsOf(write),
    write.restoredFrom ? { revision: write.restoredFrom } : {},
  );
}

/** `updatecms`: sanitized on the way in; page, revision and audit row in one transaction. */
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
