import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormBrowser } from '../support/form-browser';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

/**
 * The signed-out pages take form posts from anyone, before any throttle, so reading one must cost
 * no more than a sign-in form can: a post with 30,000 distinct field names held every other
 * request for 14.7 s when each name was looked up with a scan of all the others.
 */
let server: TestServer;

const PATHS = ['/', '/forgot-password', '/code-verification', '/reset-password'];

beforeAll(async () => {
  server = await startTestServer();
  // Each page's first render loads its code: not what is measured here.
  for (const path of PATHS) await fetch(`${server.url}${path}`);
});
afterAll(() => server?.stop());

/** `count` distinct names, `f0=x&f1=x&…` (206 KB for 30,000). */
const manyFields = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, n) => [`f${n}`, 'x']));

/** How long /healthz takes to answer while `attack` runs; the attack's own answer too. */
async function whileAttacking<T>(attack: Promise<T>) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = Date.now();
  const health = await fetch(`${server.url}/healthz`);
  const healthMs = Date.now() - started;
  return { health, healthMs, answer: await attack };
}

describe('signed-out form posts', () => {
  it.each(PATHS)('refuses 30,000 fields on %s at once (413), and /healthz stays responsive', async (path) => {
    const started = Date.now();
    const { health, healthMs, answer } = await whileAttacking(
      new FormBrowser(server.url).post(path, manyFields(30_000)),
    );
    expect(answer.status).toBe(413);
    expect(answer.html).toContain('This form is larger than any of our forms can be.');
    // Unbounded, this took 14.7 s on a 2-core machine; the margins are for a busy one.
    expect(Date.now() - started).toBeLessThan(2000);
    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1000);
  });

  it('refuses a body larger than a sign-in form can be, even with few fields (413)', async () => {
    const answer = await new FormBrowser(server.url).post('/', {
      email: TEST_ADMIN.email,
      password: 'p'.repeat(40 * 1024),
    });
    expect(answer.status).toBe(413);
  });

  it('still reads the real forms, ignoring fields they do not have', async () => {
    const wrong = await new FormBrowser(server.url).post('/', {
      email: TEST_ADMIN.email,
      password: 'not the password at all',
      extra: 'ignored',
    });
    expect(wrong.status).toBe(401);
    const longest = await new FormBrowser(server.url).post('/', {
      email: TEST_ADMIN.email,
      password: '密'.repeat(1024),
    });
    expect(longest.status).toBe(401);
    const signIn = await new FormBrowser(server.url).post('/', TEST_ADMIN);
    expect(signIn.status).toBe(303);
  });
});
