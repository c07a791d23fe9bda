import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { admins, loginThrottles } from '../../src/server/db/schema';
import { fromNewAddress, post, type Answer } from '../support/api';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';

/**
 * Issue #24, item 7: with ALLOW_REGISTRATION on, registering had no throttle: 12 in a row from one
 * address all made administrators, and 20 at once filled the hashing queue so sign-ins got 503.
 */

let server: TestServer;
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    ALLOW_REGISTRATION: 'true',
    SMTP_URL: mailbox.url,
    TRUSTED_PROXIES: '127.0.0.1',
  });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

let nextNewcomer = 0;
const register = (address: Record<string, string>) => {
  nextNewcomer += 1;
  return post(
    server.url,
    '/api/account/register',
    {
      email: `newcomer${nextNewcomer}@example.test`,
      password: 'a long unusual passphrase',
      firstName: 'New',
      lastName: 'Comer',
    },
    address,
  );
};
const retryAfter = (answer: Answer) => Number(answer.headers.get('retry-after'));

async function registered() {
  return (await (await db()).select({ id: admins.id }).from(admins).where(like(admins.email, 'newcomer%')))
    .length;
}

describe('registration, per client address', () => {
  it('takes five an hour, then answers 429 with Retry-After; other addresses are not affected', async () => {
    const address = fromNewAddress();
    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 12; attempt++) answers.push(await register(address));
    expect(answers.map((answer) => answer.status)).toEqual([...Array(5).fill(200), ...Array(7).fill(429)]);
    for (const refused of answers.slice(5)) {
      expect(retryAfter(refused)).toBeGreaterThan(3000);
      expect(retryAfter(refused)).toBeLessThanOrEqual(3600);
      expect(refused.body.ResponseBody).toEqual({ retryAfter: retryAfter(refused) });
    }
    expect(await registered()).toBe(5);
    expect((await register(fromNewAddress())).status).toBe(200);

    // An email already taken counts too (it is hashed like a new one, and answered alike: #38).
    const other = fromNewAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const taken = await post(
        server.url,
        '/api/account/register',
        { email: TEST_ADMIN.email, password: 'a long unusual passphrase', firstName: 'A', lastName: 'B' },
        other,
      );
      expect(taken.status).toBe(200);
    }
    expect((await register(other)).status).toBe(429);

    // The hour passes for the first address: it may register again.
    await (
      await db()
    )
      .update(loginThrottles)
      .set({ windowStartedAt: new Date(0), blockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginThrottles.key, `register:${address['x-forwarded-for']}`));
    expect((await register(address)).status).toBe(200);
  });

  it('counts 20 parallel registrations one by one, and a sign-in meanwhile is not turned away', async () => {
    const before = await registered();
    const address = fromNewAddress();
    const burst = Promise.all(Array.from({ length: 20 }, () => register(address)));
    const signIn = post(server.url, '/api/admin/login', TEST_ADMIN, fromNewAddress());
    const answers = await burst;
    const counts: Record<number, number> = {};
    for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
    console.info(`20 parallel registrations, one address: ${JSON.stringify(counts)}`);
    // Five hashes at most from one address: the queue keeps room for sign-ins, so nothing is 503.
    expect(counts).toEqual({ 200: 5, 429: 15 });
    for (const refused of answers.filter((answer) => answer.status === 429)) {
      expect(retryAfter(refused)).toBeGreaterThan(0);
    }
    expect(await registered()).toBe(before + 5);
    expect((await signIn).status).toBe(200);
    await mailbox.nextMail(TEST_ADMIN.email);
    expect((await register(address)).status).toBe(429);
  });
});
