import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { post } from '../support/api';
import { createTestSession } from '../support/session';
import { insertUsers } from '../support/users';

let server: TestServer;
let cookie: Record<string, string>;
let ids: number[];

beforeAll(async () => {
  server = await startTestServer();
  cookie = { cookie: `session=${await createTestSession()}` };
  ids = await insertUsers([
    { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@page.test' },
    { firstName: 'Grace', lastName: 'Hopper', email: 'grace@page.test' },
    { firstName: 'Alan', lastName: 'Turing', email: 'alan@page.test' },
  ]);
  const sent = await post(
    server.url,
    '/api/admin/admin/bulk-notifications',
    { title: 'Server-rendered title', message: 'In the first paint', user_ids: [ids[0]] },
    cookie,
  );
  expect(sent.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}${path}`, { headers: cookie, redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

/** The island's props as Astro serialises them into the page (HTML-escaped JSON). */
function islandProps(html: string): string {
  const match = /<astro-island[^>]*component-url="[^"]*NotificationsScreen[^"]*"[^>]*props="([^"]*)"/.exec(
    html,
  );
  if (!match) throw new Error('no NotificationsScreen island in the page');
  return match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'");
}

describe('the /notifications page', () => {
  it('renders the first page of notifications on the server', async () => {
    const { status, html } = await page('/notifications');
    expect(status).toBe(200);
    expect(html).toContain('Server-rendered title');
    expect(html).toContain('One user');
    // An ordinary visit opens no composer.
    expect(islandProps(html)).toContain('"prefill":[0,null]');
  });

  it('names the users a selection from /users hands over, in its order, leaving out unknown ids', async () => {
    const [ada, grace] = ids as [number, number, number];
    const { status, html } = await page(`/notifications?user_ids=${grace},999999,${ada}`);
    expect(status).toBe(200);
    const props = islandProps(html);
    expect(props).toContain('Grace Hopper');
    expect(props).toContain('Ada Lovelace');
    expect(props.indexOf('Grace Hopper')).toBeLessThan(props.indexOf('Ada Lovelace'));
    expect(props).not.toContain('Alan Turing');
  });

  it('opens the composer for "all matching" without naming anyone, and survives a mangled address', async () => {
    const matching = islandProps((await page('/notifications?match_search=ada&match_status=active')).html);
    expect(matching).toContain('"choice":[0,"status"]');
    expect(matching).toContain('"search":[0,"ada"]');
    expect(matching).toContain('"prefillUsers":[1,[]]');
    const mangled = await page('/notifications?user_ids=abc,,-1&page=x&state=nonsense');
    expect(mangled.status).toBe(200);
    expect(islandProps(mangled.html)).toContain('"userIds":[1,[]]');
  });

  it('serves the same state filter the island reads', async () => {
    const scheduled = await page('/notifications?state=scheduled');
    expect(scheduled.status).toBe(200);
    expect(scheduled.html).not.toContain('Server-rendered title');
    const sent = await page('/notifications?state=sent&search=first%20paint');
    expect(sent.html).toContain('Server-rendered title');
  });
});
