import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CmsRevisionDetail, CmsRevisionRow } from '../../src/shared/cms/cms-input';
import type { ListResult } from '../../src/lib/envelope';
import { get, post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Viewing a revision diffs it word by word with the current text. Unbounded, two 6,000-word
 * versions with little in common took 41 s and froze the server meanwhile, on a GET any page on
 * another site could trigger. Bounded, such a pair is answered at once as "too different".
 */
let server: TestServer;
let cookie: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  cookie = { cookie: `session=${await createTestSession()}` };
});
afterAll(() => server?.stop());

/** 6,000 words in paragraphs of 200, different for each seed. */
const page = (seed: number) =>
  Array.from(
    { length: 30 },
    (_, p) =>
      `<p>${Array.from({ length: 200 }, (_, w) => `w${((p * 200 + w) * seed) % 997}k${w % 13}`).join(' ')}</p>`,
  ).join('');

async function save(content: string) {
  const answer = await post(
    server.url,
    '/api/admin/updatecms',
    { slug: 'about-us', title: 'About', content },
    cookie,
  );
  expect(answer.status).toBe(200);
}

describe('getcmsrevision on two long, different versions', () => {
  it('answers quickly with the side-by-side fallback, and the server stays responsive', async () => {
    await save(page(7));
    await save(page(11));
    const listed = await get(server.url, '/api/admin/getcmsrevisions?slug=about-us&locale=en', cookie);
    const older = (listed.body.ResponseData as ListResult<CmsRevisionRow>).list[1]!;

    const started = Date.now();
    const shown = get<CmsRevisionDetail>(server.url, `/api/admin/getcmsrevision?id=${older.id}`, cookie);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const probe = Date.now();
    const health = await fetch(`${server.url}/healthz`);
    const healthMs = Date.now() - probe;
    const answer = await shown;
    const tookMs = Date.now() - started;

    expect(answer.status).toBe(200);
    const detail = answer.body.ResponseBody!;
    expect(detail.diff.content).toBeNull();
    expect(detail.diff.formatted).toBeNull();
    expect(detail.revision.content).toBe(page(7));
    expect(detail.current.content).toBe(page(11));
    // Unbounded: 41 s. The margins are for a busy machine.
    expect(tookMs).toBeLessThan(3000);
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
  });
});
