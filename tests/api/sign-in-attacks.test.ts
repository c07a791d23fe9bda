import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/server/auth/tokens';
import { db } from '../../src/server/db/client';
import { admins, auditLog, otpChallenges } from '../../src/server/db/schema';
import { createAdmins } from '../support/admins';
import { fromNewAddress, post, type Answer } from '../support/api';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #10, items 1–3: guesses sent in parallel, reset codes guessed across "forgot" requests,
 * and sign-in codes guessed across many challenges. Each journey has an admin of its own.
 */

let server: TestServer;
let mailbox: Mailbox;
const PASSWORD = 'a long and unusual test passphrase';

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, TRUSTED_PROXIES: '127.0.0.1' });
  await createAdmins(
    [
      'parallel@example.test',
      'codes@example.test',
      'reset@example.test',
      'cap@example.test',
      'count@example.test',
    ],
    PASSWORD,
  );
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const tally = (answers: Answer[]) => {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
};

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function signIn(email: string, password = PASSWORD) {
  const answer = await post<{ otpToken: string }>(
    server.url,
    '/api/admin/login',
    { email, password },
    fromNewAddress(),
  );
  expect(answer.status).toBe(200);
  const code = codeFrom(await mailbox.nextMail(email));
  return { otpToken: answer.body.ResponseBody!.otpToken, code };
}

const verify = (otpToken: string, otp: string) => post(server.url, '/api/admin/verifyotp', { otpToken, otp });

/** Five wrong codes for one challenge, one after another: four 400s, then the challenge ends. */
async function wrongRound(email: string, tries = 5) {
  const { otpToken, code } = await signIn(email);
  const statuses = [];
  for (let index = 0; index < tries; index++) statuses.push((await verify(otpToken, otherCode(code))).status);
  return statuses;
}

async function adminId(email: string) {
  const [row] = await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  return row!.id;
}

async function auditCount(email: string, action: string) {
  const [row] = await (
    await db()
  )
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.adminId, await adminId(email)), eq(auditLog.action, action)));
  return row!.count;
}

describe('parallel wrong passwords', () => {
  it('counts every one of 30 parallel guesses at one account from one address: at most five 401s, the rest 429', async () => {
    const email = 'parallel@example.test';
    const address = fromNewAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(server.url, '/api/admin/login', { email, password: 'not the password' }, address),
      ),
    );
    const counts = tally(answers);
    console.info(`30 parallel wrong passwords, one account, one address: ${JSON.stringify(counts)}`);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429] ?? 0).toBeGreaterThan(0);
    // Refused by a count (429), or before counting by the bounded hashing (503).
    expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(30);
    for (const answer of answers.filter((one) => one.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // That address waits, even with the right password; the owner elsewhere does not.
    const there = await post(server.url, '/api/admin/login', { email, password: PASSWORD }, address);
    expect(there.status).toBe(429);
    const elsewhere = await post(
      server.url,
      '/api/admin/login',
      { email, password: PASSWORD },
      fromNewAddress(),
    );
    expect(elsewhere.status).toBe(200);
    await mailbox.nextMail(email);
  });

  it('counts every one of 30 parallel guesses from one address: at most ten 401s, the rest refused', async () => {
    const address = fromNewAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        post(server.url, '/api/admin/login', { email: `guess${index}@example.test`, password: 'x' }, address),
      ),
    );
    const counts = tally(answers);
    console.info(`30 parallel wrong passwords, one address: ${JSON.stringify(counts)}`);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    // Refused by the address's count (429), or before counting by the bounded hashing (503).
    expect((counts[401] ?? 0) + (counts[429] ?? 0) + (counts[503] ?? 0)).toBe(30);
    // The ten that were checked used up the address's tries: the next guess is refused.
    const next = await post(
      server.url,
      '/api/admin/login',
      { email: 'guess-next@example.test', password: 'x' },
      address,
    );
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});

describe('parallel wrong codes', () => {
  it('compares at most five of 30 parallel wrong codes for one challenge and refuses the rest', async () => {
    const email = 'codes@example.test';
    const { otpToken, code } = await signIn(email);
    const answers = await Promise.all(Array.from({ length: 30 }, () => verify(otpToken, otherCode(code))));
    const counts = tally(answers);
    console.info(`30 parallel wrong codes, one challenge: ${JSON.stringify(counts)}`);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(4);
    expect((counts[400] ?? 0) + (counts[410] ?? 0)).toBe(30);
    const [challenge] = await (
      await db()
    )
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.tokenHash, hashToken(otpToken)));
    expect(challenge!.attempts).toBe(5);
    expect(await auditCount(email, 'auth.otp_failed')).toBe(5);
    expect((await verify(otpToken, code)).status).toBe(410);
  });
});

describe('reset codes', () => {
  const forgot = (email: string) =>
    post(server.url, '/api/admin/forgotpassword', { email }, fromNewAddress());
  const verifyReset = (email: string, otp: string) =>
    post(server.url, '/api/admin/verifyresetcode', { email, otp }, fromNewAddress());

  it('keeps counting wrong codes when "forgot" sends no new code, for real and unknown addresses alike', async () => {
    const email = 'reset@example.test';
    const unknown = 'nobody-here@example.test';
    for (const address of [email, unknown]) expect((await forgot(address)).status).toBe(200);
    const code = codeFrom(await mailbox.nextMail(email));
    const wrong = otherCode(code);
    const journey = async (address: string) => {
      const statuses = [];
      for (let index = 0; index < 4; index++) statuses.push((await verifyReset(address, wrong)).status);
      // Asked again within the minute: no new code is sent, so the count goes on.
      expect((await forgot(address)).status).toBe(200);
      for (let index = 0; index < 4; index++) statuses.push((await verifyReset(address, wrong)).status);
      return statuses;
    };
    const real = await journey(email);
    const fake = await journey(unknown);
    expect(mailbox.pending()).toEqual([]);
    expect(real).toEqual([400, 400, 400, 400, 410, 429, 429, 429]);
    expect(fake).toEqual(real);
    const late = await verifyReset(email, code);
    expect(late.status).toBe(429);
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(0);

    // A minute later a new code is sent, and only that gives the tries back.
    await (await db()).update(otpChallenges).set({ lastSentAt: new Date(0) });
    expect((await forgot(email)).status).toBe(200);
    const fresh = codeFrom(await mailbox.nextMail(email));
    expect((await verifyReset(email, fresh)).status).toBe(200);
  });

  it('limits wrong reset codes per client address: 20 an hour, whatever the email', async () => {
    const address = fromNewAddress();
    for (let index = 0; index < 20; index++) {
      const answer = await post(
        server.url,
        '/api/admin/verifyresetcode',
        { email: `typed${index}@example.test`, otp: '123456' },
        address,
      );
      expect(answer.status).toBe(400);
    }
    const blocked = await post(
      server.url,
      '/api/admin/verifyresetcode',
      { email: 'typed-last@example.test', otp: '123456' },
      address,
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another address is not affected.
    expect((await verifyReset('typed-last@example.test', '123456')).status).toBe(400);
  });

  it('counts 30 parallel wrong reset codes for one email as tries: at most five compared', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => verifyReset('parallel-reset@example.test', '123456')),
    );
    const counts = tally(answers);
    console.info(`30 parallel wrong reset codes, one email: ${JSON.stringify(counts)}`);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(4);
    // Only the first five are compared (and audited); the others are refused before any work.
    expect((counts[400] ?? 0) + (counts[410] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBe(30 - (counts[400] ?? 0) - (counts[410] ?? 0));
    const [audited] = await (
      await db()
    )
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.reset_code_failed'),
          eq(auditLog.target, 'parallel-reset@example.test'),
        ),
      );
    expect(audited!.count).toBe(5);
  });
});

describe('wrong codes across challenges', () => {
  it('locks the account after 20 wrong codes in a row, until a password reset', async () => {
    const email = 'cap@example.test';
    for (let round = 0; round < 3; round++)
      expect(await wrongRound(email)).toEqual([400, 400, 400, 400, 410]);
    // Two challenges open; the fifth wrong code of the first is the 20th in a row.
    const first = await signIn(email);
    const second = await signIn(email);
    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await verify(first.otpToken, otherCode(first.code)));
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 429]);
    // The lock's audit rows name the request (its X-Request-Id) and the client that sent it.
    const locking = answers[4]!.headers.get('x-request-id');
    expect(locking).toMatch(/^[0-9a-f-]{36}$/);
    const trail = await (
      await db()
    )
      .select({ action: auditLog.action, requestId: auditLog.requestId, userAgent: auditLog.userAgent })
      .from(auditLog)
      .where(eq(auditLog.requestId, locking!));
    expect(trail.map((row) => row.action).sort()).toEqual(['auth.account_locked', 'auth.otp_failed']);
    expect(trail.every((row) => row.userAgent === 'node')).toBe(true);

    const refused = await verify(second.otpToken, second.code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // The right password no longer mails a code; a wrong one still gets the plain 401.
    const password = await post(
      server.url,
      '/api/admin/login',
      { email, password: PASSWORD },
      fromNewAddress(),
    );
    expect(password.status).toBe(429);
    expect(
      (await post(server.url, '/api/admin/login', { email, password: 'wrong one' }, fromNewAddress())).status,
    ).toBe(401);
    expect(mailbox.pending()).toEqual([]);
    expect(await auditCount(email, 'auth.otp_failed')).toBe(20);
    expect(await auditCount(email, 'auth.account_locked')).toBe(1);

    // A password reset lifts the lock.
    expect((await post(server.url, '/api/admin/forgotpassword', { email }, fromNewAddress())).status).toBe(
      200,
    );
    const resetCode = codeFrom(await mailbox.nextMail(email));
    const traded = await post<{ resetToken: string }>(
      server.url,
      '/api/admin/verifyresetcode',
      { email, otp: resetCode },
      fromNewAddress(),
    );
    expect(traded.status).toBe(200);
    const newPassword = 'another unusual passphrase for the cap';
    const reset = await post(server.url, '/api/admin/resetpassword', {
      resetToken: traded.body.ResponseBody!.resetToken,
      password: newPassword,
    });
    expect(reset.status).toBe(200);
    await mailbox.nextMail(email);
    const after = await signIn(email, newPassword);
    expect((await verify(after.otpToken, after.code)).status).toBe(200);
  });

  it('starts the count again after a right code', async () => {
    const email = 'count@example.test';
    const nineteenWrong = async () => {
      for (let round = 0; round < 3; round++) await wrongRound(email);
      expect(await wrongRound(email, 4)).toEqual([400, 400, 400, 400]);
    };
    await nineteenWrong();
    const right = await signIn(email);
    expect((await verify(right.otpToken, right.code)).status).toBe(200);
    await nineteenWrong();
    const again = await signIn(email);
    expect((await verify(again.otpToken, again.code)).status).toBe(200);
    // And the cap still holds after the reset of the count.
    await nineteenWrong();
    const last = await signIn(email);
    expect((await verify(last.otpToken, otherCode(last.code))).status).toBe(429);
    expect((await verify(last.otpToken, last.code)).status).toBe(429);
  });
});
