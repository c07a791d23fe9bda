import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/client';
import { loginThrottles } from '../../src/server/db/schema';
import { createAdmins } from '../support/admins';
import { fromNewAddress, post, type Answer } from '../support/api';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { countAudit } from '../support/audit';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #24, item 6: whoever knows an admin's email must not be able to keep them locked out from
 * one address. Wrong passwords slow down that address at that account; the account as a whole
 * locks only after 100 failures, which one address cannot make. Each journey has its own admin.
 */

let server: TestServer;
let mailbox: Mailbox;
const PASSWORD = 'a long and unusual lockout passphrase';

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, TRUSTED_PROXIES: '127.0.0.1' });
  await createAdmins(['pinned@example.test', 'spread@example.test'], PASSWORD);
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const login = (email: string, password: string, address: Record<string, string>) =>
  post(server.url, '/api/admin/login', { email, password }, address);

const retryAfter = (answer: Answer) => Number(answer.headers.get('retry-after'));

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
};

async function throttleRow(key: string) {
  const [row] = await (await db()).select().from(loginThrottles).where(eq(loginThrottles.key, key));
  return row;
}

/** Moves a key's clock on: its block is over. */
async function timePasses(key: string) {
  await (
    await db()
  )
    .update(loginThrottles)
    .set({ blockedUntil: new Date(Date.now() - 1000) })
    .where(eq(loginThrottles.key, key));
}

describe('one address', () => {
  it('is slowed down at the account it guesses, while the right password from another address signs in', async () => {
    const email = 'pinned@example.test';
    const attacker = fromNewAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(email, 'not the password', attacker)).status).toBe(401);
    }
    for (const password of ['not the password', PASSWORD]) {
      const refused = await login(email, password, attacker);
      expect(refused.status).toBe(429);
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    }
    // The owner, from anywhere else, is not locked out.
    expect((await login(email, PASSWORD, fromNewAddress())).status).toBe(200);
    await mailbox.nextMail(email);

    // The attacker's waits grow (2, 4, 8… minutes, at most an hour): one address stays far below
    // the account-wide count, and the account is never locked by it.
    const waits = [];
    for (let round = 0; round < 4; round++) {
      await timePasses(`account-ip:${email}|${attacker['x-forwarded-for']}`);
      expect((await login(email, 'not the password', attacker)).status).toBe(401);
      waits.push(retryAfter(await login(email, 'not the password', attacker)));
    }
    expect(waits.map((seconds) => Math.round(seconds / 60))).toEqual([2, 4, 8, 16]);
    expect((await login(email, PASSWORD, fromNewAddress())).status).toBe(200);
    await mailbox.nextMail(email);
    expect(await countAudit('auth.account_locked', email)).toBe(0);
  });
});

describe('many addresses', () => {
  /** Five wrong passwords (all one address may make before it must wait) from each of `count` new addresses, six at a time. */
  async function spreadFailures(email: string, count: number) {
    for (let first = 0; first < count; first += 6) {
      const addresses = Array.from({ length: Math.min(6, count - first) }, () => fromNewAddress());
      for (let attempt = 0; attempt < 5; attempt++) {
        const answers = await Promise.all(
          addresses.map((address) => login(email, 'not the password', address)),
        );
        expect(answers.map((answer) => answer.status)).toEqual(Array(addresses.length).fill(401));
      }
    }
  }

  it('lock the account as a whole after 100 failures spread over them, counted one by one in parallel, until time lifts it', async () => {
    const email = 'spread@example.test';
    // A right password in between starts the account's count again: a lock needs 100 in a row.
    await spreadFailures(email, 2);
    expect((await throttleRow(`account:${email}`))!.failures).toBe(10);
    expect((await login(email, PASSWORD, fromNewAddress())).status).toBe(200);
    await mailbox.nextMail(email);
    expect(await throttleRow(`account:${email}`)).toBeUndefined();

    await spreadFailures(email, 19);
    expect((await throttleRow(`account:${email}`))!.failures).toBe(95);
    // Ten more at once, from ten addresses: exactly five are checked, and the 100th locks the account.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login(email, 'not the password', fromNewAddress())),
    );
    const counts = tally(answers);
    console.info(`10 parallel wrong passwords from 10 addresses after 95: ${JSON.stringify(counts)}`);
    expect(counts[401]).toBe(5);
    // Refused by the account's count (429), or before counting by the bounded hashing (503).
    expect((counts[429] ?? 0) + (counts[503] ?? 0)).toBe(5);
    expect((await throttleRow(`account:${email}`))!.failures).toBe(100);
    expect(await countAudit('auth.login_failed', email)).toBe(110);
    expect(await countAudit('auth.account_locked', email)).toBe(1);

    // Now even the right password from a fresh address waits, for about an hour.
    const locked = await login(email, PASSWORD, fromNewAddress());
    expect(locked.status).toBe(429);
    expect(retryAfter(locked)).toBeGreaterThan(3000);
    expect(retryAfter(locked)).toBeLessThanOrEqual(3600);
    expect(mailbox.pending()).toEqual([]);

    // Time lifts it, and the right password starts the count again.
    await timePasses(`account:${email}`);
    expect((await login(email, PASSWORD, fromNewAddress())).status).toBe(200);
    await mailbox.nextMail(email);
    expect(await throttleRow(`account:${email}`)).toBeUndefined();
  }, 480_000);
});
