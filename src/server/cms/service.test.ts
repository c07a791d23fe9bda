import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/support/database';
import { CMS_CONTENT_LIMIT, CmsSaveInput } from '../../shared/cms/cms-input';
import { auditLog, cmsPageRevisions, cmsPages } from '../db/schema';
import { getCmsPage, getPublicPage, listCmsPages, saveCmsPage } from './service';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());

const save = (body: Record<string, unknown>) =>
  saveCmsPage(CmsSaveInput.parse({ slug: 'about-us', title: 'About us', ...body }), testDb.actor);
const failure = (work: Promise<unknown>) => work.catch((error: unknown) => error);
const revisionCount = async (slug: string, locale: string) =>
  (
    await testDb.db.db
      .select({ n: count() })
      .from(cmsPageRevisions)
      .innerJoin(cmsPages, eq(cmsPages.id, cmsPageRevisions.pageId))
      .where(and(eq(cmsPages.slug, slug as 'about-us'), eq(cmsPages.locale, locale as 'en')))
  )[0]!.n;
const audits = async (target: string) =>
  (
    await testDb.db.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, target))
  ).map((row) => row.action);

describe('saving a CMS page', () => {
  it('stores the language version sanitized, with a revision of the same text and an audit row', async () => {
    const page = await save({
      content:
        '<h1>Who we are</h1><p onclick="steal()">We make <b>puzzles</b>.<script>alert(1)</script></p>' +
        '<p><a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">ok</a></p>' +
        '<img src="x" onerror="alert(1)"><iframe src="https://evil.test"></iframe>',
      effective_date: '2026-01-01',
    });
    expect(page).toMatchObject({
      slug: 'about-us',
      locale: 'en',
      title: 'About us',
      updated_by: 'Admin',
      effective_date: '2026-01-01',
    });
    expect(page.content).toContain('<h2>Who we are</h2><p>We make <strong>puzzles</strong>.</p>');
    expect(page.content).toContain('<a href="https://example.com" rel="noopener noreferrer">ok</a>');
    expect(page.content).not.toMatch(/script|onclick|onerror|javascript:|<img|<iframe|target=/);

    const [revision] = await testDb.db.db
      .select()
      .from(cmsPageRevisions)
      .orderBy(cmsPageRevisions.id)
      .limit(1);
    expect(revision).toMatchObject({
      title: 'About us',
      content: page.content,
      effectiveDate: '2026-01-01',
      adminId: testDb.actor.adminId,
      restoredFrom: null,
    });
    expect(await audits('content:about-us:en')).toEqual(['content.update']);
    expect(await getCmsPage('about-us', 'en')).toEqual(page);
  });

  it('keeps one row per language: another save updates it and adds a revision', async () => {
    await save({ locale: 'fr', title: 'À propos', content: '<p>Première</p>' });
    const second = await save({ locale: 'fr', title: 'À propos', content: '<p>Seconde</p>' });
    expect(second.content).toBe('<p>Seconde</p>');
    const french = await listCmsPages('fr');
    expect(french.map((page) => [page.slug, page.content])).toEqual([['about-us', '<p>Seconde</p>']]);
    expect(await revisionCount('about-us', 'fr')).toBe(2);
    expect(await revisionCount('about-us', 'en')).toBe(1);
    // The three English versions exist from the first start, empty until written.
    const english = await listCmsPages('en');
    expect(english.map((page) => [page.slug, page.content === ''])).toEqual([
      ['about-us', false],
      ['privacy-policy', true],
      ['terms-and-conditions', true],
    ]);
  });

  it('takes parallel first saves of a new language without a lost row or revision', async () => {
    await Promise.all(
      ['One', 'Two', 'Three'].map((word) => save({ locale: 'ro', title: word, content: `<p>${word}</p>` })),
    );
    expect(await listCmsPages('ro')).toHaveLength(1);
    expect(await revisionCount('about-us', 'ro')).toBe(3);
  });

  it('refuses an unknown page (404) and content over 200 KB in UTF-8 bytes (413 on content), writing nothing', async () => {
    const before = await getCmsPage('about-us', 'en');
    expect(await failure(save({ slug: 'careers', content: '<p>Join</p>' }))).toMatchObject({
      status: 404,
      messageKey: 'cms.api.notFound',
    });
    // Fewer characters than the limit, but two bytes each.
    const accents = 'é'.repeat(CMS_CONTENT_LIMIT / 2 + 1);
    expect(accents.length).toBeLessThan(CMS_CONTENT_LIMIT);
    expect(await failure(save({ content: accents }))).toMatchObject({
      status: 413,
      options: { fieldKeys: { content: 'cms.api.tooLarge' }, values: { size: 200 } },
    });
    expect(await getCmsPage('about-us', 'en')).toEqual(before);
    expect(await revisionCount('about-us', 'en')).toBe(1);
    expect(await audits('content:about-us:en')).toEqual(['content.update']);

    const atTheLimit = await save({ content: 'a'.repeat(CMS_CONTENT_LIMIT) });
    expect(atTheLimit.content).toHaveLength(CMS_CONTENT_LIMIT);
  });
});

describe('the public page', () => {
  it("is the visitor's language, else English, never a blank version; null while nothing is written", async () => {
    await save({ locale: 'en', title: 'About us', content: '<p>English text</p>' });
    expect(await getPublicPage('about-us', 'fr')).toMatchObject({ locale: 'fr', content: '<p>Seconde</p>' });
    expect(await getPublicPage('about-us', 'zh')).toMatchObject({ locale: 'en', title: 'About us' });
    await save({ locale: 'zh', title: '关于', content: '   ' });
    expect(await getPublicPage('about-us', 'zh')).toMatchObject({ locale: 'en' });
    await save({ locale: 'zh', title: '关于', content: '<p>中文</p>' });
    expect(await getPublicPage('about-us', 'zh')).toMatchObject({ locale: 'zh', content: '<p>中文</p>' });
    expect(await getPublicPage('privacy-policy', 'fr')).toBeNull();
  });
});
