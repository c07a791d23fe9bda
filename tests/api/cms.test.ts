import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsPageRow, CmsRevisionDetail, CmsRevisionRow } from '../../src/shared/cms/cms-input';
import type { CmsSlug } from '../../src/shared/cms/cms-slugs';
import { hasControlCharacter } from '../../src/lib/control-characters';
import type { ListResult } from '../../src/lib/envelope';
import { db } from '../../src/server/db/client';
import { auditLog, cmsPageRevisions, cmsPages } from '../../src/server/db/schema';
import { XSS_PAYLOADS } from '../fixtures/xss-payloads';
import { get, post } from '../support/api';
import { unsafeMarkup } from '../support/html-safety';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  cookie = { cookie: `session=${await createTestSession()}` };
});
afterAll(() => server?.stop());

const save = (fields: Record<string, unknown>) =>
  post<CmsPageRow>(server.url, '/api/admin/updatecms', fields, cookie);
const revisions = (slug: string, locale = 'en') =>
  get<unknown>(server.url, `/api/admin/getcmsrevisions?slug=${slug}&locale=${locale}&record=100`, cookie);
const revisionList = async (slug: string, locale = 'en') =>
  ((await revisions(slug, locale)).body.ResponseData as ListResult<CmsRevisionRow>).list;
/** The public page as a signed-out visitor gets it. */
const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { 'accept-language': 'en', ...headers }, redirect: 'manual' });
const article = (html: string) => /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
const rowsOf = async (slug: CmsSlug) => (await db()).select().from(cmsPages).where(eq(cmsPages.slug, slug));

describe('the three pages on a fresh database without demo data', () => {
  it('are listed by getcmss, empty until written, in the shape the seed’s client reads', async () => {
    const listed = await get<CmsPageRow[]>(server.url, '/api/admin/getcmss', cookie);
    expect(listed.status).toBe(200);
    const pages = listed.body.ResponseBody!;
    expect(pages.map((page) => [page.slug, page.locale, page.content])).toEqual([
      ['about-us', 'en', ''],
      ['privacy-policy', 'en', ''],
      ['terms-and-conditions', 'en', ''],
    ]);
    for (const page of pages) {
      expect(page).toEqual({
        slug: page.slug,
        locale: 'en',
        title: expect.stringMatching(/\S/),
        content: '',
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        updated_by: null,
        effective_date: null,
      });
    }
    const english = await get<CmsPageRow[]>(server.url, '/api/admin/getcmss?locale=en', cookie);
    expect(english.body.ResponseBody).toEqual(pages);
    expect(await revisionList('about-us')).toEqual([]);
  });

  it('render sensibly on the public pages: the translated name and a “not written yet” note', async () => {
    for (const [path, english, french] of [
      ['/about', 'About Us', 'À propos'],
      ['/privacy-policy', 'Privacy Policy', 'Politique de confidentialité'],
      ['/teams-condition', 'Terms and Conditions', 'Conditions générales'],
    ] as const) {
      const en = await visit(path);
      expect(en.status, path).toBe(200);
      const enArticle = article(await en.text());
      expect(enArticle, path).toMatch(new RegExp(`<h1[^>]*>${english}</h1>`));
      expect(enArticle, path).toContain('This page has not been written yet.');
      expect(enArticle, path).not.toContain('Last updated');
      expect(enArticle, path).not.toMatch(/lang="en"/);
      const fr = article(await (await visit(path, { 'accept-language': 'fr' })).text());
      expect(fr, path).toMatch(new RegExp(`<h1[^>]*>${french}</h1>`));
      expect(fr, path).toContain('Cette page n’a pas encore été rédigée.');
    }
  });

  it('open in the editor saying the page has no text yet', async () => {
    const html = await (await fetch(`${server.url}/aboutus`, { headers: cookie, redirect: 'manual' })).text();
    expect(html).toContain('value="About Us"');
    // The status line beside the language picker (the labels themselves ride in the props).
    expect(/aria-live="polite"><p[^>]*>([^<]*)</.exec(html)?.[1]).toBe(
      'This page has no text yet: visitors are told it has not been written. Publishing some text shows it to them.',
    );
  });
});

describe('updatecms and getcmss', () => {
  it('saves a language version with its revision and audit row, sanitized, and lists it', async () => {
    const answer = await save({
      slug: 'about-us',
      title: '  About the team ',
      content: '<h2>Hello</h2><p onclick="x()">We <b>make</b> puzzles.</p><script>alert(1)</script>',
      effective_date: '2026-01-15',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.ResponseBody).toMatchObject({
      slug: 'about-us',
      locale: 'en',
      title: 'About the team',
      content: '<h2>Hello</h2><p>We <strong>make</strong> puzzles.</p>',
      effective_date: '2026-01-15',
      updated_by: expect.any(String),
    });
    const listed = await get<CmsPageRow[]>(server.url, '/api/admin/getcmss', cookie);
    const [about, ...others] = listed.body.ResponseBody!;
    expect(about).toEqual(answer.body.ResponseBody);
    expect(others.map((page) => [page.slug, page.content])).toEqual([
      ['privacy-policy', ''],
      ['terms-and-conditions', ''],
    ]);
    expect(await revisionList('about-us')).toHaveLength(1);
    const [audited] = await (
      await db()
    )
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'content.update'), eq(auditLog.target, 'content:about-us:en')));
    expect(audited!.n).toBe(1);
  });

  it('keeps one row per language and filters getcmss by ?locale=', async () => {
    await save({ slug: 'about-us', locale: 'fr', title: 'À propos', content: '<p>Nous</p>' });
    const fr = await get<CmsPageRow[]>(server.url, '/api/admin/getcmss?locale=fr', cookie);
    expect(fr.body.ResponseBody!.map((page) => [page.slug, page.locale, page.title])).toEqual([
      ['about-us', 'fr', 'À propos'],
    ]);
    expect((await rowsOf('about-us')).map((row) => row.locale).sort()).toEqual(['en', 'fr']);
  });

  it('answers each bad input clearly and writes nothing', async () => {
    const before = await (await db()).select({ n: count() }).from(cmsPageRevisions);
    const unknown = await save({ slug: 'careers', title: 'Jobs', content: '<p>x</p>' });
    expect(unknown.status).toBe(404);
    const empty = await save({ slug: 'about-us', title: '   ', content: '<p>x</p>' });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors ?? {})).toEqual(['title']);
    const huge = await save({ slug: 'about-us', title: 'Big', content: `<p>${'é'.repeat(103 * 1024)}</p>` });
    expect(huge.status).toBe(413);
    expect(huge.body.errors).toHaveProperty('content');
    for (const [fields, field] of [
      [{ locale: 'de' }, 'locale'],
      [{ effective_date: '2026-02-30' }, 'effective_date'],
      [{ effective_date: 'tomorrow' }, 'effective_date'],
      [{ content: 42 }, 'content'],
    ] as const) {
      const answer = await save({ slug: 'about-us', title: 'T', content: '<p>x</p>', ...fields });
      expect(answer.status, field).toBe(400);
      expect(Object.keys(answer.body.errors ?? {}), field).toContain(field);
    }
    const notJson = await fetch(`${server.url}/api/admin/updatecms`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin', ...cookie },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
    const signedOut = await post(server.url, '/api/admin/updatecms', {
      slug: 'about-us',
      title: 'T',
      content: '',
    });
    expect(signedOut.status).toBe(401);
    const crossSite = await post(
      server.url,
      '/api/admin/updatecms',
      { slug: 'about-us', title: 'T', content: '' },
      {
        ...cookie,
        'sec-fetch-site': 'cross-site',
      },
    );
    expect(crossSite.status).toBe(403);
    expect(await (await db()).select({ n: count() }).from(cmsPageRevisions)).toEqual(before);
    expect((await rowsOf('about-us')).find((row) => row.locale === 'en')!.title).toBe('About the team');
    expect((await revisions('careers')).status).toBe(404);
    expect((await get(server.url, '/api/admin/getcmsrevision?id=999999', cookie)).status).toBe(404);
    expect((await get(server.url, '/api/admin/getcmsrevision?id=abc', cookie)).status).toBe(400);
    expect((await post(server.url, '/api/admin/restorecms', { id: 999999 }, cookie)).status).toBe(404);
  });

  it('takes parallel and repeated saves of a new language without a lost row or revision', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        save({
          slug: 'privacy-policy',
          locale: 'ro',
          title: `Confidențialitate ${n}`,
          content: `<p>v${n}</p>`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await rowsOf('privacy-policy')).map((row) => row.locale).sort()).toEqual(['en', 'ro']);
    expect(await revisionList('privacy-policy', 'ro')).toHaveLength(5);
  });
});

describe('editor page', () => {
  it("opens the asked language version, its text drawn in the editor's box as inert text, and shows the next save", async () => {
    const text = '<p>a &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; b</p>';
    await save({ slug: 'privacy-policy', locale: 'fr', title: 'Vie privée', content: text });
    const open = async () =>
      (await fetch(`${server.url}/privacyandpolicy?lang=fr`, { headers: cookie, redirect: 'manual' })).text();
    const html = await open();
    expect(html).toContain('value="Vie privée"');
    // Painted by the server, so the text shows before the editor's script runs; escaped, never markup.
    const box = /<div[^>]*class="app-rte-content[^"]*"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
    expect(box).toBe(text);
    expect(html).not.toMatch(/<script>alert/i);
    await save({ slug: 'privacy-policy', locale: 'fr', title: 'Confidentialité', content: '<p>c</p>' });
    const next = await open();
    expect(next).toContain('value="Confidentialité"');
    expect(next).not.toContain('Vie privée');
  });
});

describe('revisions', () => {
  it('lists saves with author and time, shows one with its diff, and restores it as a new revision', async () => {
    await save({ slug: 'terms-and-conditions', title: 'Terms', content: '<p>Play fair and be kind.</p>' });
    await save({
      slug: 'terms-and-conditions',
      title: 'Terms of use',
      content: '<p>Play fair and have fun.</p>',
    });
    const [newest, first] = await revisionList('terms-and-conditions');
    expect(newest).toMatchObject({ title: 'Terms of use', author: expect.any(String), restored_from: null });
    expect(Date.parse(first!.created_at)).toBeLessThanOrEqual(Date.parse(newest!.created_at));

    const shown = await get<CmsRevisionDetail>(
      server.url,
      `/api/admin/getcmsrevision?id=${first!.id}`,
      cookie,
    );
    expect(shown.status).toBe(200);
    const detail = shown.body.ResponseBody!;
    expect(detail.revision).toMatchObject({
      id: first!.id,
      title: 'Terms',
      content: '<p>Play fair and be kind.</p>',
    });
    expect(detail.current.title).toBe('Terms of use');
    const changed = (kind: string) =>
      detail.diff.content!.filter((part) => part.kind === kind).map((part) => part.text.trim());
    expect(changed('removed').join(' ')).toBe('be kind');
    expect(changed('added').join(' ')).toBe('have fun');
    expect(
      detail.diff.title!.filter((part) => part.kind === 'added').map((part) => part.text.trim()),
    ).toEqual(['of use']);

    const restored = await post<CmsPageRow>(server.url, '/api/admin/restorecms', { id: first!.id }, cookie);
    expect(restored.status).toBe(200);
    expect(restored.body.ResponseBody).toMatchObject({
      title: 'Terms',
      content: '<p>Play fair and be kind.</p>',
    });
    const after = await revisionList('terms-and-conditions');
    expect(after).toHaveLength(3);
    expect(after[0]).toMatchObject({ title: 'Terms', restored_from: first!.id });
    const [audited] = await (
      await db()
    )
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'content.restore'), eq(auditLog.target, 'content:terms-and-conditions:en')),
      );
    expect(audited!.n).toBe(1);
    const unchanged = await get<CmsRevisionDetail>(
      server.url,
      `/api/admin/getcmsrevision?id=${first!.id}`,
      cookie,
    );
    expect(unchanged.body.ResponseBody!.diff.content!.every((part) => part.kind === 'same')).toBe(true);
  });
});

describe('public pages', () => {
  it('carry the product’s name (PRODUCT_NAME, by default Puzzle Game), not the back-office’s, and no link into it', async () => {
    const html = await (await visit('/privacy-policy')).text();
    expect(html).toMatch(/<title>[^<]* · Puzzle Game<\/title>/);
    expect(html).not.toContain('Puzzle Admin');
    expect(html).not.toMatch(/<a [^>]*href="\/"/);
  });

  it('shows the visitor’s language, falls back to English, and has no JavaScript', async () => {
    await save({ slug: 'about-us', locale: 'en', title: 'About us', content: '<p>English text</p>' });
    const english = await (await visit('/about', { 'accept-language': 'zh-CN' })).text();
    expect(article(english)).toContain('English text');
    expect(article(english)).toMatch(/<h1[^>]*lang="en"/);
    const french = await (await visit('/about', { 'accept-language': 'fr' })).text();
    expect(article(french)).toContain('Nous');
    expect(article(french)).not.toMatch(/lang="en"/);
    const byCookie = await (await visit('/about', { cookie: 'locale=fr' })).text();
    expect(article(byCookie)).toContain('Nous');
    expect(english).not.toMatch(/<script/i);
    const none = await (await visit('/teams-condition', { 'accept-language': 'zh' })).text();
    expect(article(none)).toContain('Terms');
  });

  it('shows the effective date when there is one, else the last update', async () => {
    await save({
      slug: 'privacy-policy',
      title: 'Privacy',
      content: '<p>p</p>',
      effective_date: '2027-03-01',
    });
    const page = await (await visit('/privacy-policy')).text();
    expect(page).toContain('datetime="2027-03-01"');
    expect(page).toContain('March 1, 2027');
  });

  it('sends an ETag with no-cache, answers 304 while nothing changed, and a new ETag after a save', async () => {
    const first = await visit('/about');
    const etag = first.headers.get('etag')!;
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await visit('/about', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // Browsers take a 304's headers for the cached page: the page's own policy, not JSON's deny-all.
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(again.headers.get('content-security-policy')).toContain("style-src 'self'");
    // Another language or look is other bytes, so another ETag.
    const french = await visit('/about', { 'accept-language': 'fr', 'if-none-match': etag });
    expect(french.status).toBe(200);
    const dark = await visit('/about', { 'if-none-match': etag, cookie: 'ui=%7B%22mode%22%3A%22dark%22%7D' });
    expect(dark.headers.get('etag')).not.toBe(etag);

    await save({ slug: 'about-us', title: 'About us', content: '<p>Changed just now</p>' });
    const changed = await visit('/about', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('Changed just now');
  });

  it('sanitizes again on render: a row written around the API cannot run', async () => {
    await (
      await db()
    )
      .update(cmsPages)
      .set({
        content:
          '<p>ok</p><img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">j</a>',
      })
      .where(and(eq(cmsPages.slug, 'about-us'), eq(cmsPages.locale, 'en')));
    const page = await (await visit('/about')).text();
    expect(article(page)).toContain('<p>ok</p>');
    expect(unsafeMarkup(page)).toEqual([]);
  });
});

describe('XSS corpus (OWASP XSS Filter Evasion Cheat Sheet)', () => {
  it(`stores and renders none of ${XSS_PAYLOADS.length} payloads as something that runs`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    for (const { technique, html } of XSS_PAYLOADS) {
      const saved = await save({
        slug: 'about-us',
        title: 'XSS',
        content: `<p>before</p>${html}<p>after</p>`,
      });
      // Text with control characters is refused outright, before any sanitizer sees it.
      if (hasControlCharacter(html)) {
        expect([saved.status, Object.keys(saved.body.errors ?? {})], technique).toEqual([400, ['content']]);
        continue;
      }
      expect(saved.status, technique).toBe(200);
      const [row] = await (
        await db()
      )
        .select({ content: cmsPages.content })
        .from(cmsPages)
        .where(and(eq(cmsPages.slug, 'about-us'), eq(cmsPages.locale, 'en')));
      expect(unsafeMarkup(row!.content, { content: true }), technique).toEqual([]);
      expect(row!.content, technique).toContain('<p>before</p>');
      const page = await (await visit('/about')).text();
      expect(unsafeMarkup(page), technique).toEqual([]);
      expect(unsafeMarkup(article(page), { content: true }), technique).toEqual([]);
    }
  });
});
