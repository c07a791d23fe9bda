import { and, eq } from 'drizzle-orm';
import { auditTarget } from '../../shared/audit/vocabulary';
import type { CmsPageRow, CmsSaveInput, CmsVersionInput } from '../../shared/cms/cms-input';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { cmsPageDrafts, cmsPages } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { editSummary } from './edit-summary';
import { sanitizeCmsHtml } from './sanitize';
import { assertCmsSlug, assertContentSize, getCmsPage } from './service';
import type { CmsSlug } from '../../shared/cms/cms-slugs';
import type { Locale } from '../../i18n/locales';

/**
 * The version's page row, locked until the transaction ends, so a draft save, a publish and a
 * discard of one version run one after another. A language never published gets its row here,
 * with no text: visitors keep reading English (they only read a version that has text).
 */
async function lockPage(tx: Tx, slug: CmsSlug, locale: Locale, title: string) {
  await tx.insert(cmsPages).values({ slug, locale, title, content: '' }).onConflictDoNothing();
  const [page] = await tx
    .select({
      id: cmsPages.id,
      title: cmsPages.title,
      content: cmsPages.content,
      effectiveDate: cmsPages.effectiveDate,
    })
    .from(cmsPages)
    .where(and(eq(cmsPages.slug, slug), eq(cmsPages.locale, locale)))
    .for('update');
  return page!;
}

/**
 * `savecmsdraft`: keeps the version's unpublished text (one per page and language; a second save
 * replaces it). The public page does not change until `updatecms` publishes.
 */
export async function saveCmsDraft(input: CmsSaveInput, actor: Actor): Promise<CmsPageRow> {
  const slug = assertCmsSlug(input.slug);
  assertContentSize(input.content);
  const content = sanitizeCmsHtml(input.content);
  const effectiveDate = input.effective_date ?? null;
  return (await db()).transaction(async (tx) => {
    const page = await lockPage(tx, slug, input.locale, input.title);
    const [previous] = await tx
      .select({
        title: cmsPageDrafts.title,
        content: cmsPageDrafts.content,
        effectiveDate: cmsPageDrafts.effectiveDate,
      })
      .from(cmsPageDrafts)
      .where(eq(cmsPageDrafts.pageId, page.id));
    const values = {
      title: input.title,
      content,
      effectiveDate,
      adminId: actor.adminId,
      updatedAt: new Date(),
    };
    await tx
      .insert(cmsPageDrafts)
      .values({ pageId: page.id, ...values })
      .onConflictDoUpdate({ target: cmsPageDrafts.pageId, set: values });
    await audit(tx, {
      adminId: actor.adminId,
      action: 'content.draft',
      target: auditTarget('content', `${slug}:${input.locale}`),
      // What this save changed: from the last draft, or from the published text for a new one.
      detail: editSummary(previous ?? page, { title: input.title, content, effectiveDate }),
      ip: actor.ip,
    });
    return (await getCmsPage(slug, input.locale, tx))!;
  });
}

/** `discardcmsdraft`: drops the version's draft; the published text stays. Discarding none is a no-op. */
export async function discardCmsDraft(input: CmsVersionInput, actor: Actor): Promise<CmsPageRow | null> {
  const slug = assertCmsSlug(input.slug);
  return (await db()).transaction(async (tx) => {
    const [page] = await tx
      .select({ id: cmsPages.id })
      .from(cmsPages)
      .where(and(eq(cmsPages.slug, slug), eq(cmsPages.locale, input.locale)))
      .for('update');
    if (!page) return null;
    const dropped = await tx
      .delete(cmsPageDrafts)
      .where(eq(cmsPageDrafts.pageId, page.id))
      .returning({ id: cmsPageDrafts.id });
    if (dropped.length > 0) {
      await audit(tx, {
        adminId: actor.adminId,
        action: 'content.discard',
        target: auditTarget('content', `${slug}:${input.locale}`),
        ip: actor.ip,
      });
    }
    return getCmsPage(slug, input.locale, tx);
  });
}
