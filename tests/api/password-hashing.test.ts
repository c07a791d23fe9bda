import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins } from '../../src/server/db/schema';
import { defaultHashConcurrency } from '../../src/server/auth/hash-limiter';
import { fromNewAddress, post } from '../support/api';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    SMTP_URL: mailbox.url,
    TRUSTED_PROXIES: '127.0.0.1',
    ALLOW_REGISTRATION: 'true',
    ACCOUNT_API: 'true',
    // The real cost (DESIGN.md §8): the burst below measures what hashing at it does to a server.
    PASSWORD_HASH_COST: '17',
  });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const register = (email: string, password: string) =>
  post(
    server.url,
    '/api/account/register',
    { email, password, firstName: 'Pat', lastName: 'Quill' },
    fromNewAddress(),
  );
/**
 * Registered, approved (the approval is another test's business: tests/api/admin-approval.test.ts)
 * and the mails it sends read (the registrant's and the Owner's), so only the password is left.
 */
async function registerApproved(email: string, password: string): Promise<number> {
  const answer = await register(email, password);
  if (answer.status !== 200) return answer.status;
  await mailbox.nextMail(email);
  await mailbox.nextMail(TEST_ADMIN.email);
  await (await db()).update(admins).set({ status: 'active' }).where(eq(admins.email, email));
  return answer.status;
}
const accountLogin = (email: string, password: string) =>
  post(server.url, '/api/account/login', { email, password }, fromNewAddress());

describe('password length and form', () => {
  it('counts code points: 600 emoji are accepted and sign in, 7 code points are too short', async () => {
    const emoji = ['🦊', '🐙', '🌵', '🎻', '🧊', '🪐', '🦉', '🍄', '🛶', '🧭'];
    const long = Array.from({ length: 600 }, (_, index) => emoji[(index * 7) % emoji.length]).join('');
    expect(long.length).toBe(1200); // UTF-16 units: "over 1024" for a length check that counts them
    expect(await registerApproved('emoji@example.test', long)).toBe(200);
    // Stored at the real cost, whatever cheaper cost other test servers use.
    const [stored] = await (
      await db()
    )
      .select({ hash: admins.passwordHash })
      .from(admins)
      .where(eq(admins.email, 'emoji@example.test'));
    expect(stored?.hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await accountLogin('emoji@example.test', long)).status).toBe(200);
    const admin = await post(
      server.url,
      '/api/admin/login',
      { email: 'emoji@example.test', password: long },
      fromNewAddress(),
    );
    expect(admin.status).toBe(200);
    await mailbox.nextMail('emoji@example.test');

    const short = await register('short@example.test', emoji.slice(0, 7).join(''));
    expect(short.status).toBe(400);
    expect(short.body.errors?.password).toBe('Must be at least 8 characters long.');
    const tooLong = await register('toolong@example.test', `${long}${long.slice(0, 850)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.password).toBe('Must be at most 1024 characters long.');
  });

  it('treats composed and decomposed forms of a password as the same password', async () => {
    const composed = 'Crème brûlée à la façon de Zoë'.normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await registerApproved('accents@example.test', decomposed)).toBe(200);
    expect((await accountLogin('accents@example.test', composed)).status).toBe(200);
    expect((await accountLogin('accents@example.test', decomposed)).status).toBe(200);
  });

  it('refuses the product’s own name as a password', async () => {
    const answer = await register('product@example.test', 'puzzleadmin2024');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.password).toMatch(/too easy to guess/);
  });

  it('says which fields are empty', async () => {
    const answer = await post(server.url, '/api/admin/login', { email: '', password: '' }, fromNewAddress());
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      email: 'This field is required.',
      password: 'This field is required.',
    });
  });
});

describe('login: no account enumeration', () => {
  it('answers an unknown email and a wrong password alike, in roughly the same time', async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await post(
        server.url,
        '/api/admin/login',
        { email, password: 'wrong password' },
        fromNewAddress(),
      );
      return { answer, ms: performance.now() - started };
    };
    // Interleaved, and the median of each: one scheduling hiccup on a busy machine must not decide.
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    const known: Awaited<ReturnType<typeof timed>>[] = [];
    for (let round = 0; round < 5; round += 1) {
      unknown.push(await timed('nobody@example.test'));
      known.push(await timed(TEST_ADMIN.email));
    }
    for (const { answer } of [...unknown, ...known]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(known[0]!.answer.body);
    }
    const median = (runs: { ms: number }[]) => runs.map((run) => run.ms).sort((a, b) => a - b)[2]!;
    // Both run one scrypt at the real cost; a shortcut for unknown accounts would make one of them
    // many times faster (at the real cost the hash is most of the answer's time).
    expect(Math.max(median(unknown), median(known)) / Math.min(median(unknown), median(known))).toBeLessThan(
      2,
    );
    expect(mailbox.pending()).toEqual([]);
  });
});

describe('logout', () => {
  it('asks the browser to clear its cache, cookies and storage', async () => {
    const token = await createTestSession(TEST_ADMIN.email);
    const response = await fetch(`${server.url}/api/admin/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('clear-site-data')).toBe('"cache", "cookies", "storage"');
  });
});

describe('a burst of sign-ins', () => {
  it('hashes a bounded number at once, sheds the rest with 503 at once, and keeps memory flat', async () => {
    const PARALLEL = 60;
    // The floor: how long 60 parallel requests take here when no hashing is involved (the client
    // and the server share this process's event loop and two CPU cores).
    const floorStarted = performance.now();
    await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        post(server.url, '/api/admin/login', { email: '', password: '' }, fromNewAddress()),
      ),
    );
    const floorMs = Math.round(performance.now() - floorStarted);

    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, async (_, index) => {
        const answer = await post(
          server.url,
          '/api/admin/login',
          { email: `burst${index}@example.test`, password: `wrong password ${index}` },
          fromNewAddress(),
        );
        return { ...answer, ms: performance.now() - started };
      }),
    );
    const total = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const shed = answers.filter((answer) => answer.status === 503);
    const refused = answers.filter((answer) => answer.status === 401);
    const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
    const figures = {
      parallel: PARALLEL,
      floorMs,
      shed503: shed.length,
      refused401: refused.length,
      fastest503ms: Math.round(Math.min(...shed.map((answer) => answer.ms))),
      median503ms: Math.round(shed.map((answer) => answer.ms).sort((a, b) => a - b)[shed.length >> 1] ?? NaN),
      slowest503ms: Math.round(Math.max(...shed.map((answer) => answer.ms))),
      fastest401ms: Math.round(Math.min(...refused.map((answer) => answer.ms))),
      slowest401ms: Math.round(Math.max(...refused.map((answer) => answer.ms))),
      totalMs: Math.round(total),
      baselineRssMiB: mib(baseline),
      peakRssMiB: mib(peak),
      growthMiB: mib(peak - baseline),
    };
    console.log('burst of sign-ins:', JSON.stringify(figures));

    expect(shed.length + refused.length).toBe(PARALLEL);
    expect(shed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of shed) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(answer.body).toMatchObject({ succeeded: false, ResponseCode: 503 });
      expect(answer.body.ResponseMessage).toMatch(/busy/i);
    }
    // Shed before any hashing or database work: about as soon as requests that fail validation,
    // far sooner than the sign-ins that were hashed.
    expect(figures.slowest503ms).toBeLessThan(Math.max(floorMs + 1000, figures.slowest401ms / 4));
    // Flat: one scrypt is 128 MiB, and only the limiter's few run at once (2 on two cores, where
    // the unbounded code grew by 4 × 128 MiB, the whole thread pool), plus 64 MiB of slack.
    expect(peak - baseline).toBeLessThan((defaultHashConcurrency() * 128 + 64) * 2 ** 20);
  });
});
