import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n';
import { post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * Pages and APIs must not build Intl formatters per request (issue #14): building one costs far
 * more than using one, and its ICU objects live outside the JavaScript heap, freed only after a
 * full collection, all at once. Under load that burst stalled every request queued behind it
 * for 60-130 ms. The server runs in this process, so counting constructions of the Intl classes
 * here counts what the requests build.
 */
const COUNTED = ['DateTimeFormat', 'NumberFormat', 'RelativeTimeFormat', 'DisplayNames', 'Collator'] as const;
type Counted = (typeof COUNTED)[number];

let server: TestServer;
let session: string;
const built = new Map<Counted, number>();
const originals = new Map(COUNTED.map((name) => [name, Intl[name]]));

beforeAll(async () => {
  server = await startTestServer();
  session = `session=${await createTestSession()}`;
  const cookie = { cookie: session };
  // Public pages with a date stamp: one with an effective date, one dated by its last change.
  for (const fields of [
    { slug: 'about-us', title: 'About', content: '<p>We make puzzles.</p>', effective_date: '2026-01-15' },
    { slug: 'privacy-policy', title: 'Privacy', content: '<p>We keep little.</p>' },
  ]) {
    expect((await post(server.url, '/api/admin/updatecms', fields, cookie)).status).toBe(200);
  }
  for (const name of COUNTED) {
    // A Proxy keeps `instanceof`, statics and subclassing as they were; it only counts `new`.
    (Intl as Record<Counted, unknown>)[name] = new Proxy(originals.get(name)!, {
      construct(target, args, newTarget) {
        built.set(name, (built.get(name) ?? 0) + 1);
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
});
afterAll(async () => {
  for (const [name, original] of originals) (Intl as Record<Counted, unknown>)[name] = original;
  await server?.stop();
});

const SIGNED_IN = [
  '/dashboard',
  '/dashboard?range=90',
  '/users',
  '/puzzles',
  '/help-center',
  '/notifications',
  '/profile',
  '/account-setting',
  '/aboutus',
  '/api/admin/getcountdashoard?range=30&tz=Asia/Kolkata',
];
const PUBLIC = ['/', '/about', '/privacy-policy', '/teams-condition'];

async function visitAll(): Promise<void> {
  for (const locale of LOCALES) {
    const cookies = [`locale=${locale}`, 'tz=Europe/Paris'];
    for (const [paths, signedIn] of [
      [SIGNED_IN, true],
      [PUBLIC, false],
    ] as const) {
      for (const path of paths) {
        const cookie = (signedIn ? [session, ...cookies] : cookies).join('; ');
        const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' });
        expect(response.status, `${path} in ${locale}`).toBe(200);
        await response.arrayBuffer();
      }
    }
  }
}

describe('Intl formatters', () => {
  it('are built on a first visit, not again on the next ones', async () => {
    await visitAll();
    built.clear();
    await visitAll();
    await visitAll();
    expect(Object.fromEntries(built)).toEqual({});
  });
});
