import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n';
import { db } from '../../src/server/db/client';
import { admins, auditLog, loginThrottles } from '../../src/server/db/schema';
import { createAdmins } from '../support/admins';
import { fromNewAddress, get, post } from '../support/api';
import { codeFrom, startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

/**
 * `changepassword`: the current password on the sign-in counters, the sign-in rules for the new
 * one, and a change that ends every other session of the admin, keeps this one and mails a notice.
 * Each journey has an admin of its own, so counters and passwords never cross.
 */

let server: TestServer;
let mailbox: Mailbox;
const PASSWORD = 'a long and unusual test passphrase';
const NEW_PASSWORD = 'quietly orbiting teapots at dawn';

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({ SMTP_URL: mailbox.url, TRUSTED_PROXIES: '127.0.0.1' });
  await createAdmins(
    [
      'wrong@example.test',
      'weak@example.test',
      'change@example.test',
      'parallel@example.test',
      'bystander@example.test',
    ],
    PASSWORD,
  );
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const change = (token: string, body: unknown, headers: Record<string, string> = fromNewAddress()) =>
  post(server.url, '/api/admin/changepassword', body, { ...bearer(token), ...headers });

const signIn = (email: string, password: string, headers = fromNewAddress()) =>
  post(server.url, '/api/admin/login', { email, password }, headers);

const profileStatus = async (token: string) =>
  (await get(server.url, '/api/admin/getprofile', bearer(token))).status;

async function adminRow(email: string) {
  const [admin] = await (await db()).select().from(admins).where(eq(admins.email, email));
  return admin!;
}

async function actionsOf(email: string): Promise<string[]> {
  const { id } = await adminRow(email);
  const rows = await (
    await db()
  )
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.adminId, id))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('the current password', () => {
  it('when wrong, is refused on current_password and counted with wrong sign-ins until 429', async () => {
    const email = 'wrong@example.test';
    const token = await createTestSession(email);
    const hashBefore = (await adminRow(email)).passwordHash;
    const address = fromNewAddress();
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await signIn(email, 'not it at all', address)).status).toBe(401);
    for (let attempt = 0; attempt < 2; attempt++) {
      const wrong = await change(
        token,
        { current_password: 'not it either', new_password: NEW_PASSWORD },
        address,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ current_password: 'This is not your current password.' });
    }
    // Five wrong tries in all from one address (three sign-ins, two changes): it waits, even for the right password.
    const blocked = await change(token, { current_password: PASSWORD, new_password: NEW_PASSWORD }, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(email, PASSWORD, address)).status).toBe(429);
    expect((await adminRow(email)).passwordHash).toBe(hashBefore);
    expect(await profileStatus(token)).toBe(200);
    expect(
      (await actionsOf(email)).filter((action) => action === 'auth.password_change_failed'),
    ).toHaveLength(2);
  });
});

describe('the new password', () => {
  it('is refused on new_password when short, too long, too guessable or unchanged, and no try is counted', async () => {
    const email = 'weak@example.test';
    const token = await createTestSession(email);
    const refusals = await Promise.all(
      ['short', 'x'.repeat(1025), 'password123', email, 'weak@example.test2024', PASSWORD].map(
        (new_password) => change(token, { current_password: PASSWORD, new_password }),
      ),
    );
    expect(refusals.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(refusals.map((answer) => Object.keys(answer.body.errors ?? {}))).toEqual(
      Array(6).fill(['new_password']),
    );
    expect(refusals[0]!.body.errors!.new_password).toBe('Must be at least 8 characters long.');
    expect(refusals[1]!.body.errors!.new_password).toBe('Must be at most 1024 characters long.');
    expect(refusals[2]!.body.errors!.new_password).toMatch(/too easy to guess/);
    expect(refusals[5]!.body.errors!.new_password).toBe('Choose a password different from the current one.');

    const missing = await change(token, { new_password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ current_password: 'This field is required.' });
    const notJson = await fetch(`${server.url}/api/admin/changepassword`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'text/plain' },
      body: 'current_password=x',
    });
    expect(notJson.status).toBe(415);
    const counted = await (
      await db()
    )
      .select()
      .from(loginThrottles)
      .where(eq(loginThrottles.key, `account:${email}`));
    expect(counted).toEqual([]);
    expect(await actionsOf(email)).toEqual([]);
  });
});

describe('a password change', () => {
  it('ends the other sessions, keeps this one, mails a notice in their language and swaps the passwords', async () => {
    const email = 'change@example.test';
    await (
      await db()
    )
      .update(admins)
      .set({ locale: 'fr', mustChangePassword: true })
      .where(eq(admins.email, email));
    const current = await createTestSession(email);
    const others = [await createTestSession(email), await createTestSession(email)];
    const bystander = await createTestSession('bystander@example.test');

    const done = await change(current, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body.ResponseBody).toEqual({ signed_out: 2 });
    // No language cookie on this request: the admin's own language answers.
    expect(done.body.ResponseMessage).toBe(getT('fr')('changePassword.done'));
    for (const token of others) expect(await profileStatus(token)).toBe(401);
    expect(await profileStatus(current)).toBe(200);
    expect(await profileStatus(bystander)).toBe(200);
    expect((await adminRow(email)).mustChangePassword).toBe(false);

    const notice = await mailbox.nextMail(email);
    expect(notice.subject).toBe(getT('fr')('mail.passwordChanged.subject'));
    expect(notice.text).toContain(getT('fr')('mail.passwordChanged.body'));

    const { id } = await adminRow(email);
    const [row] = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, id), eq(auditLog.action, 'auth.password_changed')));
    expect(row).toMatchObject({
      detail: JSON.stringify({ sessions: 2 }),
      ip: expect.stringMatching(/^198\.51\.100\./),
    });

    expect((await signIn(email, PASSWORD)).status).toBe(401);
    const fresh = await signIn(email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    expect(codeFrom(await mailbox.nextMail(email))).toMatch(/^\d{6}$/);
    // The old password no longer confirms a change either.
    const again = await change(current, {
      current_password: PASSWORD,
      new_password: 'yet another pleasant phrase',
    });
    expect(again.status).toBe(400);
    expect(again.body.errors).toHaveProperty('current_password');
  });

  it('sent twice at once lands once: one answer 200, the other is told its current password no longer holds', async () => {
    const email = 'parallel@example.test';
    const token = await createTestSession(email);
    const spare = await createTestSession(email);
    const choices = ['first parallel phrase of five words', 'second parallel phrase of five words'];
    const answers = await Promise.all(
      choices.map((new_password) => change(token, { current_password: PASSWORD, new_password })),
    );
    const won = answers.findIndex((answer) => answer.status === 200);
    expect(won).toBeGreaterThanOrEqual(0);
    const lost = answers[1 - won]!;
    expect([400, 409]).toContain(lost.status);
    expect(lost.body.errors).toHaveProperty('current_password');

    expect((await mailbox.nextMail(email)).subject).toBe(getT('en')('mail.passwordChanged.subject'));
    expect((await signIn(email, choices[1 - won]!)).status).toBe(401);
    expect((await signIn(email, choices[won]!)).status).toBe(200);
    expect(codeFrom(await mailbox.nextMail(email))).toMatch(/^\d{6}$/);
    // One notice only: the sign-in code came next, and nothing else waits.
    expect(mailbox.pending().filter((mail) => mail.to.includes(email))).toEqual([]);
    expect(await profileStatus(token)).toBe(200);
    expect(await profileStatus(spare)).toBe(401);
    expect((await actionsOf(email)).filter((action) => action === 'auth.password_changed')).toHaveLength(1);
  });
});
