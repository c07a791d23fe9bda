import { and, count, desc, eq } from 'drizzle-orm';
import type {
  CmsRevisionDetail,
  CmsRevisionRow,
  CmsRevisionsInput,
  CmsPageRow,
} from '../../shared/cms/cms-input';
import type { ListResult } from '../../lib/envelope';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { admins, cmsPageRevisions, cmsPages } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { cmsText, diffText } from './diff';
import { formattedDiff } from './formatted-diff';
import { sanitizeCmsHtml } from './sanitize';
import { assertCmsSlug, getCmsPage, writePage } from './service';
import { auditTarget } from '../../shared/audit/vocabulary';

const revisionColumns = {
  id: cmsPageRevisions.id,
  slug: cmsPages.slug,
  locale: cmsPages.locale,
  title: cmsPageRevisions.title,
  content: cmsPageRevisions.content,
  effectiveDate: cmsPageRevisions.effectiveDate,
  createdAt: cmsPageRevisions.createdAt,
  restoredFrom: cmsPageRevisions.restoredFrom,
  firstName: admins.firstName,
  lastName: admins.lastName,
};

interface RevisionRecord {
  id: number;
  slug: CmsRevisionRow['slug'];
  locale: CmsRevisionRow['locale'];
  title: string;
  effectiveDate: string | null;
  createdAt: Date;
  restoredFrom: number | null;
  firstName: string | null;
  lastName: string | null;
}

function toRevisionRow(row: RevisionRecord): CmsRevisionRow {
  const author = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    id: row.id,
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    effective_date: row.effectiveDate,
    author: author || null,
    created_at: row.createdAt.toISOString(),
    restored_from: row.restoredFrom,
  };
}

const notFound = () => new HttpError(404, 'cms.api.revisionNotFound');

/** `getcmsrevisions`: a page's language version's saves, newest first, with author and time. */
export async function listRevisions(input: CmsRevisionsInput): Promise<ListResult<CmsRevisionRow>> {
  const slug = assertCmsSlug(input.slug);
  const database = await db();
  const where = and(eq(cmsPages.slug, slug), eq(cmsPages.locale, input.locale));
  const { content: _content, ...listColumns } = revisionColumns;
  const [rows, [total]] = await Promise.all([
    database
      .select(listColumns)
      .from(cmsPageRevisions)
      .innerJoin(cmsPages, eq(cmsPages.id, cmsPageRevisions.pageId))
      .leftJoin(admins, eq(admins.id, cmsPageRevisions.adminId))
      .where(where)
      .orderBy(desc(cmsPageRevisions.createdAt), desc(cmsPageRevisions.id))
      .limit(input.record)
      .offset(input.page * input.record),
    database
      .select({ n: count() })
      .from(cmsPageRevisions)
      .innerJoin(cmsPages, eq(cmsPages.id, cmsPageRevisions.pageId))
      .where(where),
  ]);
  return {
    list: rows.map(toRevisionRow),
    total: total?.n ?? 0,
    page: input.page,
    record: input.record,
    search: input.search,
  };
}

async function selectRevision(tx: Tx, id: number) {
  const [row] = await tx
    .select(revisionColumns)
    .from(cmsPageRevisions)
    .innerJoin(cmsPages, eq(cmsPages.id, cmsPageRevisions.pageId))
    .leftJoin(admins, eq(admins.id, cmsPageRevisions.adminId))
    .where(eq(cmsPageRevisions.id, id));
  if (!row) throw notFound();
  // Sanitized again on the way out: the viewer shows it as HTML (DESIGN.md §8).
  return { ...toRevisionRow(row), content: sanitizeCmsHtml(row.content) };
}

/**
 * `getcmsrevision`: one revision and the changes from it to the current (published) text: word by
 * word as text, and both versions drawn with their changes marked (`formatted`). The diff
 * runs after the transaction, so a long one never holds a connection (or PGlite) while it works.
 */
export async function getRevision(id: number): Promise<CmsRevisionDetail> {
  const { revision, current } = await (
    await db()
  ).transaction(async (tx) => {
    const revision = await selectRevision(tx, id);
    const page = await getCmsPage(revision.slug, revision.locale, tx);
    return { revision, current: { title: page?.title ?? '', content: sanitizeCmsHtml(page?.content ?? '') } };
  });
  const title = await diffText(revision.title, current.title);
  const content = await diffText(cmsText(revision.content), cmsText(current.content));
  // Two texts too different word by word are too different marked up: no second bounded try.
  const formatted = content ? await formattedDiff(revision.content, current.content) : null;
  return { revision, current, diff: { title, content, formatted } };
}

/** `restorecms`: the revision's text becomes the page's again, as a new revision (history only grows). */
export async function restoreRevision(id: number, actor: Actor): Promise<CmsPageRow> {
  return (await db()).transaction(async (tx) => {
    const revision = await selectRevision(tx, id);
    const changes = await writePage(
      tx,
      {
        slug: revision.slug,
        locale: revision.locale,
        title: revision.title,
        content: revision.content,
        effectiveDate: revision.effective_date,
        restoredFrom: revision.id,
      },
      actor,
    );
    await audit(tx, {
      adminId: actor.adminId,
      action: 'content.restore',
      target: auditTarget('content', `${revision.slug}:${revision.locale}`),
      detail: changes ?? JSON.stringify({ revision: revision.id }),
      ip: actor.ip,
    });
    return (await getCmsPage(revision.slug, revision.locale, tx))!;
  });
}
