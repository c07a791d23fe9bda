import { readFileSync } from 'node:fs';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsPageRow, CmsRevisionDetail, CmsRevisionRow } from '../../src/shared/cms/cms-input';
import type { ListResult } from '../../src/lib/envelope';
import { database, db } from '../../src/server/db/client';
import { auditLog, cmsPageDrafts, cmsPageRevisions, cmsPages } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/db/seed';
import { CMS_PAGES } from '../../src/server/db/seed-data';
import { get, post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  cookie = { cookie: `session=${await createTestSession()}` };
});
afterAll(() => server?.stop());

const publish = (fields: Record<string, unknown>) =>
  post<CmsPageRow>(server.url, '/api/admin/updatecms', fields, cookie);
const saveDraft = (fields: Record<string, unknown>) =>
  post<CmsPageRow>(server.url, '/api/admin/savecmsdraft', fields, cookie);
const discard = (fields: Record<string, unknown>) =>
  post<CmsPageRow | null>(server.url, '/api/admin/discardcmsdraft', fields, cookie);
const listed = async (locale: string) =>
  (await get<CmsPageRow[]>(server.url, `/api/admin/getcmss?locale=${locale}`, cookie)).body.ResponseBody!;
const revisionList = async (slug: string, locale = 'en') =>
  (
    (
      await get<unknown>(
        server.url,
        `/api/admin/getcmsrevisions?slug=${slug}&locale=${locale}&record=100`,
        cookie,
      )
    ).body.ResponseData as ListResult<CmsRevisionRow>
  ).list;
const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });
const auditDetails = async (action: string, target: string) =>
  (
    await (
      await db()
    )
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
      .orderBy(asc(auditLog.id))
  ).map((row) => row.detail);

describe('drafts', () => {
  it('keep a version’s text unpublished: the public page, its ETag and 304 stay; getcmss shows the draft', async () => {
    await publish({ slug: 'about-us', title: 'About us', content: '<p>Published words</p>' });
    const first = await visit('/about');
    const etag = first.headers.get('etag')!;
    expect(await first.text()).toContain('Published words');

    const saved = await saveDraft({
      slug: 'about-us',
      locale: 'en',
      title: 'About us (new)',
      content: '<p>Draft words<script>alert(1)</script></p>',
      effective_date: '2026-12-01',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.ResponseMessage).toBe('Draft saved. The public page has not changed.');
    expect(saved.body.ResponseBody).toMatchObject({
      title: 'About us',
      content: '<p>Published words</p>',
      draft: {
        title: 'About us (new)',
        content: '<p>Draft words</p>',
        effective_date: '2026-12-01',
        updated_at: expect.stringMatching(/Z$/),
        updated_by: expect.stringMatching(/\S/),
      },
    });

    const again = await visit('/about', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await (await visit('/about')).text()).not.toContain('Draft words');
    const english = await listed('en');
    expect(english.find((page) => page.slug === 'about-us')?.draft?.title).toBe('About us (new)');
    // Pages without a draft keep the shape a client knew: no `draft` key at all.
    expect(english.find((page) => page.slug === 'privacy-policy')).not.toHaveProperty('draft');
    expect(await revisionList('about-us')).toHaveLength(1);

    // A second save replaces the draft: one per page and language.
    await saveDraft({ slug: 'about-us', title: 'About us (newer)', content: '<p>Draft words, again</p>' });
    const drafts = await (await db()).select({ n: count() }).from(cmsPageDrafts);
    expect(drafts[0]!.n).toBe(1);

    // Publishing (updatecms, unchanged contract) shows it and clears the draft.
    const published = await publish({
      slug: 'about-us',
      title: 'About us (newer)',
      content: '<p>Draft words, again</p>',
    });
    expect(published.status).toBe(200);
    expect(published.body.ResponseMessage).toBe('Page published.');
    expect(published.body.ResponseBody).not.toHaveProperty('draft');
    const now = await visit('/about', { 'if-none-match': etag });
    expect(now.status).toBe(200);
    expect(await now.text()).toContain('Draft words, again');
    expect((await listed('en')).find((page) => page.slug === 'about-us')).not.toHaveProperty('draft');
    expect(await revisionList('about-us')).toHaveLength(2);
  });

  it('are discarded on request, once; the published text stays and the audit says so', async () => {
    await saveDraft({ slug: 'about-us', title: 'Throwaway', content: '<p>Not for long</p>' });
    const dropped = await discard({ slug: 'about-us', locale: 'en' });
    expect(dropped.status).toBe(200);
    expect(dropped.body.ResponseBody).not.toHaveProperty('draft');
    expect(dropped.body.ResponseBody?.content).toBe('<p>Draft words, again</p>');
    // A repeated (double-submitted) discard answers the same and writes no second audit row.
    expect((await discard({ slug: 'about-us', locale: 'en' })).status).toBe(200);
    expect(await auditDetails('content.discard', 'content:about-us:en')).toHaveLength(1);
    // A version that does not exist has nothing to discard.
    const none = await discard({ slug: 'terms-and-conditions', locale: 'zh' });
    expect(none.status).toBe(200);
    expect(none.body.ResponseBody).toBeNull();
  });

  it('of a language never published keep visitors on the English text', async () => {
    await publish({ slug: 'terms-and-conditions', title: 'Terms', content: '<p>English terms</p>' });
    const saved = await saveDraft({
      slug: 'terms-and-conditions',
      locale: 'fr',
      title: 'Conditions',
      content: '<p>Texte français</p>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.ResponseBody).toMatchObject({
      locale: 'fr',
      content: '',
      draft: { title: 'Conditions' },
    });
    const page = await (await visit('/teams-condition', { 'accept-language': 'fr' })).text();
    expect(page).toContain('English terms');
    expect(page).not.toContain('Texte français');
    await publish({
      slug: 'terms-and-conditions',
      locale: 'fr',
      title: 'Conditions',
      content: '<p>Texte français</p>',
    });
    expect(await (await visit('/teams-condition', { 'accept-language': 'fr' })).text()).toContain(
      'Texte français',
    );
  });

  it('take parallel saves of a new language safely: one page row, one draft, an audit row each', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        saveDraft({ slug: 'privacy-policy', locale: 'zh', title: `隐私 ${n}`, content: `<p>草稿 ${n}</p>` }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await (
      await db()
    )
      .select({ id: cmsPages.id })
      .from(cmsPages)
      .where(and(eq(cmsPages.slug, 'privacy-policy'), eq(cmsPages.locale, 'zh')));
    expect(rows).toHaveLength(1);
    const drafts = await (
      await db()
    )
      .select({ title: cmsPageDrafts.title })
      .from(cmsPageDrafts)
      .where(eq(cmsPageDrafts.pageId, rows[0]!.id));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]!.title).toMatch(/^隐私 [1-5]$/);
    expect(await auditDetails('content.draft', 'content:privacy-policy:zh')).toHaveLength(5);
  });

  it('refuse bad input naming the field, and write nothing', async () => {
    const before = await (await db()).select({ n: count() }).from(cmsPageDrafts);
    for (const [fields, field] of [
      [{ title: '  ' } as Record<string, unknown>, 'title'],
      [{ locale: 'de' }, 'locale'],
      [{ effective_date: '2026-02-30' }, 'effective_date'],
      [{ content: 42 }, 'content'],
      [{ slug: '' }, 'slug'],
    ] as const) {
      const answer = await saveDraft({ ...{ slug: 'about-us', title: 'T', content: '<p>x</p>' }, ...fields });
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), field).toContain(field);
    }
    expect((await discard({ slug: 'about-us', locale: 'xx' })).body.errors).toHaveProperty('locale');
    expect((await saveDraft({ slug: 'careers', title: 'Jobs', content: '<p>x</p>' })).status).toBe(404);
    const huge = await saveDraft({
      slug: 'about-us',
      title: 'Big',
      content: `<p>${'é'.repeat(103 * 1024)}</p>`,
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors).toHaveProperty('content');
    expect(await (await db()).select({ n: count() }).from(cmsPageDrafts)).toEqual(before);
  });
});

describe('the audit trail', () => {
  it('sums an edit up (title, paragraphs changed), never the page’s text', async () => {
    const base = ['<h2>One</h2>', '<p>Two</p>', '<p>Three</p>', '<p>Four</p>'];
    await publish({ slug: 'privacy-policy', title: 'Privacy', content: base.join('') });
    await publish({
      slug: 'privacy-policy',
      title: 'Privacy policy',
      content: [
        '<h2>One</h2>',
        '<p><strong>Two</strong></p>',
        '<p>Three!</p>',
        '<p>Four</p>',
        '<p>Five</p>',
      ].join(''),
    });
    const details = await auditDetails('content.update', 'content:privacy-policy:en');
    expect(JSON.parse(details.at(-1)!)).toEqual({
      changes: { title: ['Privacy', 'Privacy policy'] },
      paragraphs: 3,
    });
    expect(details.at(-1)).not.toContain('Three');
  });
});

describe('the diff', () => {
  it('draws both versions with headings, bold, links and tables, their changes and formatting changes marked', async () => {
    const table = (cell: string) => `<table><tbody><tr><td>${cell}</td></tr></tbody></table>`;
    await publish({
      slug: 'about-us',
      title: 'Diff',
      content: `<h2>Heading</h2><p>Plain <a href="https://a.example">link</a></p>${table('Old cell')}`,
    });
    const [older] = await revisionList('about-us');
    await publish({
      slug: 'about-us',
      title: 'Diff',
      content: `<h2>Heading</h2><p><strong>Plain</strong> <a href="https://a.example">link</a></p>${table('New cell')}`,
    });
    const answer = await get<CmsRevisionDetail>(
      server.url,
      `/api/admin/getcmsrevision?id=${older!.id}`,
      cookie,
    );
    const formatted = answer.body.ResponseBody!.diff.formatted!;
    expect(formatted.before).toContain('<h2>Heading</h2>');
    expect(formatted.before).toContain('<del class="app-diff-format">Plain</del>');
    expect(formatted.after).toContain('<strong><ins class="app-diff-format">Plain</ins></strong>');
    expect(formatted.after).toContain('<a href="https://a.example" rel="noopener noreferrer">link</a>');
    expect(formatted.before).toContain('<td><del>Old</del> cell</td>');
    expect(formatted.after).toContain('<td><ins>New</ins> cell</td>');
    // The text diff (the contract's) sees no change in "Plain": only the formatted one does.
    expect(answer.body.ResponseBody!.diff.content).not.toContainEqual({ kind: 'added', text: 'Plain' });
  });
});

describe('revision 1', () => {
  it('is the demo seed’s text, so the original can be restored after edits', async () => {
    // A fresh database's pages, as the seed finds them: empty and never saved.
    await (await db()).delete(cmsPageRevisions);
    await (await db()).update(cmsPages).set({ content: '' });
    await seedDemoData(await database(), { users: 1, games: 0 });
    const original = CMS_PAGES.find((page) => page.slug === 'terms-and-conditions')!;
    const [first, ...others] = await revisionList('terms-and-conditions');
    expect(others).toEqual([]);
    expect(first!.title).toBe(original.title);

    await publish({ slug: 'terms-and-conditions', title: 'Edited', content: '<p>Edited</p>' });
    await saveDraft({ slug: 'terms-and-conditions', title: 'Half done', content: '<p>Half</p>' });
    const restored = await post<CmsPageRow>(server.url, '/api/admin/restorecms', { id: first!.id }, cookie);
    expect(restored.status).toBe(200);
    expect(restored.body.ResponseBody).toMatchObject({ title: original.title, content: original.content });
    // A restore publishes: the draft it overrides goes with it.
    expect(restored.body.ResponseBody).not.toHaveProperty('draft');
    expect(await (await visit('/teams-condition')).text()).toContain('Hint packs are digital goods');
  });

  it('is added by the migration to a page that shows text but has no revision (an existing database)', async () => {
    const migration = readFileSync('drizzle/0019_cms-drafts.sql', 'utf8');
    const handWritten = migration.slice(migration.indexOf('-- hand-written'));
    const [page] = await (
      await db()
    )
      .update(cmsPages)
      .set({ title: 'Old text', content: '<p>Written before revisions</p>' })
      .where(and(eq(cmsPages.slug, 'privacy-policy'), eq(cmsPages.locale, 'en')))
      .returning({ id: cmsPages.id });
    await (await db()).delete(cmsPageRevisions).where(eq(cmsPageRevisions.pageId, page!.id));
    await (await db()).execute(sql.raw(handWritten));
    await (await db()).execute(sql.raw(handWritten));
    expect(await revisionList('privacy-policy')).toMatchObject([{ title: 'Old text' }]);
    // A page with no text gets none: there is nothing to restore.
    const zh = await (
      await db()
    )
      .select({ n: count() })
      .from(cmsPageRevisions)
      .innerJoin(cmsPages, eq(cmsPages.id, cmsPageRevisions.pageId))
      .where(eq(cmsPages.content, ''));
    expect(zh[0]!.n).toBe(0);
  });
});
