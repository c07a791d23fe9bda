import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { CmsRevisionsInput, CmsSaveInput } from '../../shared/cms/cms-input';
import { auditLog, cmsPageRevisions, cmsPages } from '../db/schema';
import { getRevision, listRevisions, restoreRevision } from './revisions';
import { getCmsPage, saveCmsPage } from './service';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
/** The terms' English saves, oldest first. */
let saved: number[];
beforeAll(async () => {
  testDb = await openTestDatabase();
  const texts = [
    ['Terms', '<p>Play fair and be kind.</p>', '2026-01-01'],
    ['Terms of play', '<p>Play fair and be patient.</p>', null],
    ['Terms of play', '<p>Play fair.</p><p>No bots.</p>', '2026-03-01'],
  ] as const;
  for (const [title, content, effective_date] of texts) {
    await saveCmsPage(
      CmsSaveInput.parse({ slug: 'terms-and-conditions', title, content, effective_date }),
      testDb.actor,
    );
  }
  saved = (await history()).list.map((row) => row.id).reverse();
});
afterAll(() => testDb?.close());

const history = (query: Record<string, unknown> = {}) =>
  listRevisions(CmsRevisionsInput.parse({ slug: 'terms-and-conditions', ...query }));
const failure = (work: Promise<unknown>) => work.catch((error: unknown) => error);

describe('CMS revisions', () => {
  it("lists a language version's saves newest first, with author, and pages them", async () => {
    const all = await history();
    expect(all.total).toBe(3);
    expect(all.list.map((row) => [row.title, row.effective_date, row.author, row.restored_from])).toEqual([
      ['Terms of play', '2026-03-01', 'Admin', null],
      ['Terms of play', null, 'Admin', null],
      ['Terms', '2026-01-01', 'Admin', null],
    ]);
    expect((await history({ record: 1, page: 2 })).list.map((row) => row.id)).toEqual([saved[0]]);
    expect(await history({ locale: 'fr' })).toMatchObject({ total: 0, list: [] });
    expect(await failure(history({ slug: 'careers' }))).toMatchObject({ status: 404 });
  });

  it('shows one revision with the words that changed from it to the current text', async () => {
    // Each diff step gives up after 15 ms of wall time (diff.ts) and the viewer then sets the two
    // side by side: on a starved machine even this short text can hit that, so ask again then.
    let detail = await getRevision(saved[0]!);
    for (let tries = 1; tries < 5 && !(detail.diff.title && detail.diff.content); tries++) {
      detail = await getRevision(saved[0]!);
    }
    expect(detail.revision).toMatchObject({
      id: saved[0],
      title: 'Terms',
      content: '<p>Play fair and be kind.</p>',
    });
    expect(detail.current).toEqual({ title: 'Terms of play', content: '<p>Play fair.</p><p>No bots.</p>' });
    expect(detail.diff.title).toEqual([
      { kind: 'same', text: 'Terms' },
      { kind: 'added', text: ' of play' },
    ]);
    const removed = detail.diff.content!.filter((part) => part.kind === 'removed').map((part) => part.text);
    const added = detail.diff.content!.filter((part) => part.kind === 'added').map((part) => part.text);
    expect(removed.join('')).toContain('and be kind');
    expect(added.join('')).toContain('No bots');
  });

  it('sanitizes a revision again on the way out, whatever was stored', async () => {
    const [page] = await testDb.db.db
      .select({ id: cmsPages.id })
      .from(cmsPages)
      .where(and(eq(cmsPages.slug, 'terms-and-conditions'), eq(cmsPages.locale, 'en')));
    const [raw] = await testDb.db.db
      .insert(cmsPageRevisions)
      .values({ pageId: page!.id, title: 'Raw', content: '<p>Hi<script>alert(1)</script></p>' })
      .returning({ id: cmsPageRevisions.id });
    expect((await getRevision(raw!.id)).revision.content).toBe('<p>Hi</p>');
    await testDb.db.db.delete(cmsPageRevisions).where(eq(cmsPageRevisions.id, raw!.id));
  });

  it('restores a revision as a new one (history only grows), audited', async () => {
    const page = await restoreRevision(saved[0]!, testDb.actor);
    expect(page).toMatchObject({
      title: 'Terms',
      content: '<p>Play fair and be kind.</p>',
      effective_date: '2026-01-01',
      updated_by: 'Admin',
    });
    expect(await getCmsPage('terms-and-conditions', 'en')).toEqual(page);
    const after = await history();
    expect(after.total).toBe(4);
    expect(after.list[0]).toMatchObject({ title: 'Terms', restored_from: saved[0] });
    expect(after.list.slice(1).map((row) => row.id)).toEqual([...saved].reverse());
    const entries = await testDb.db.db
      .select({ detail: auditLog.detail, adminId: auditLog.adminId })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'content.restore'), eq(auditLog.target, 'content:terms-and-conditions:en')),
      );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.adminId).toBe(testDb.actor.adminId);
    // What the restore changed, summed up (the title, how many paragraphs, never the text), and
    // where it came from.
    const detail = JSON.parse(entries[0]!.detail!) as Record<string, unknown>;
    expect(detail).toMatchObject({
      revision: saved[0],
      changes: { title: [expect.any(String), 'Terms'] },
      paragraphs: expect.any(Number),
    });
    expect(entries[0]!.detail).not.toContain('Play fair');
  });

  it('answers 404 for a revision that does not exist, writing nothing', async () => {
    const missing = 2_000_000_000;
    expect(await failure(getRevision(missing))).toMatchObject({
      status: 404,
      messageKey: 'cms.api.revisionNotFound',
    });
    expect(await failure(restoreRevision(missing, testDb.actor))).toMatchObject({ status: 404 });
    expect((await history()).total).toBe(4);
  });
});
