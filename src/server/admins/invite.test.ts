import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteTokenFrom } from '../../../tests/support/admin-invites';
import { countAudit } from '../../../tests/support/audit';
import { openTestDatabase } from '../../../tests/support/database';
import { deadSmtpUrl, startMailbox, useSmtp, type Mailbox } from '../../../tests/support/mailbox';
import { TEST_ADMIN } from '../../../tests/support/test-admin';
import { InviteAdminInput } from '../../shared/admins/admin-input';
import { verifyPassword } from '../auth/passwords';
import { accountAddressKey, accountKey } from '../auth/throttle';
import { hashToken } from '../auth/tokens';
import { adminInvites, admins, auditLog, loginThrottles } from '../db/schema';
import { acceptInvite, findLiveInvite } from './accept';
import { inviteAdmin } from './invite';
import { NO_PASSWORD_HASH } from './shared';

const PUBLIC_URL = 'https://admin.example.test';
let mailbox: Mailbox;
let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  testDb = await openTestDatabase({ SMTP_URL: mailbox.url, PUBLIC_URL });
});
afterAll(async () => {
  await testDb?.close();
  await mailbox?.close();
});

const invite = (email: string, first = 'Grace', locale = 'en') =>
  inviteAdmin(
    InviteAdminInput.parse({ first_name: first, last_name: 'Hopper', email }),
    testDb.actor,
    locale,
  );
/** Invites `email` and answers the token of the link mailed to it. */
const invited = async (email: string, first?: string, locale?: string) => {
  await invite(email, first, locale);
  return inviteTokenFrom(await mailbox.nextMail(email), PUBLIC_URL);
};
const adminOf = async (email: string) =>
  (await testDb.db.db.select().from(admins).where(eq(admins.email, email)))[0];
const failure = (work: Promise<unknown>) => work.catch((error: unknown) => error);
const accept = (token: string, password = 'violet tangerine orbit 1976') =>
  acceptInvite({ token, password }, { ip: '198.51.100.4' });

describe('inviting an administrator', () => {
  it('creates an invited admin and mails a single-use PUBLIC_URL link, stored hashed, valid 24 hours', async () => {
    const row = await invite('Grace.Hopper@Example.test');
    expect(row).toMatchObject({ email: 'grace.hopper@example.test', status: 'invited', invited_by: 'Admin' });
    expect(new Date(row.invite_expires_at!).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await adminOf('grace.hopper@example.test'))!.passwordHash).toBe(NO_PASSWORD_HASH);

    const mail = await mailbox.nextMail('grace.hopper@example.test');
    expect(mail.text).toContain('Grace');
    const token = inviteTokenFrom(mail, PUBLIC_URL);
    expect(await findLiveInvite(token)).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.hopper@example.test',
    });
    const links = await testDb.db.db.select().from(adminInvites).where(eq(adminInvites.adminId, row.id));
    expect(links.map((link) => link.tokenHash)).toEqual([hashToken(token)]);
    const [entry] = await testDb.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `admins:${row.id}`));
    expect(entry).toMatchObject({ action: 'admins.invite', adminId: testDb.actor.adminId });
    expect(JSON.parse(entry!.detail!)).toEqual({
      email: 'grace.hopper@example.test',
      resent: false,
      role: 'administrator',
    });
  });

  it('re-sends to one still invited: names corrected, the older link retired, the mail in the inviter’s language', async () => {
    const older = await invited('ada@example.test', 'Ada');
    await invite('ADA@example.test', 'Augusta Ada', 'fr');
    const mail = await mailbox.nextMail('ada@example.test');
    expect(mail.subject).toBe('Vous êtes invité à rejoindre la Console Puzzle');
    expect(mail.text).toContain('Bonjour Augusta Ada,');
    const newer = inviteTokenFrom(mail, PUBLIC_URL);
    expect(await findLiveInvite(older)).toBeNull();
    expect(await findLiveInvite(newer)).toMatchObject({ first_name: 'Augusta Ada' });
    expect(await adminOf('ada@example.test')).toMatchObject({ firstName: 'Augusta Ada', locale: 'fr' });
    expect(await countAudit('admins.invite', `admins:${(await adminOf('ada@example.test'))!.id}`)).toBe(2);
  });

  it('refuses an address an admin already has, in any case (409 on email), mailing nothing', async () => {
    const before = await testDb.db.db.select({ id: admins.id }).from(admins);
    expect(await failure(invite(TEST_ADMIN.email.toUpperCase()))).toMatchObject({
      status: 409,
      options: { fieldKeys: { email: 'admins.api.emailTaken' } },
    });
    expect(await testDb.db.db.select({ id: admins.id }).from(admins)).toHaveLength(before.length);
    expect(mailbox.pending()).toEqual([]);
  });

  it('retires the new link and answers 503 when the mail cannot be sent; the admin stays invited', async () => {
    useSmtp(await deadSmtpUrl());
    let refusal: unknown;
    try {
      refusal = await failure(invite('unlucky@example.test', 'Unlucky'));
    } finally {
      useSmtp(mailbox.url);
    }
    expect(refusal).toMatchObject({ status: 503, options: { headers: { 'retry-after': '30' } } });
    const admin = await adminOf('unlucky@example.test');
    expect(admin!.status).toBe('invited');
    const live = await testDb.db.db
      .select()
      .from(adminInvites)
      .where(and(eq(adminInvites.adminId, admin!.id), sql`${adminInvites.usedAt} IS NULL`));
    expect(live).toEqual([]);
    expect(await countAudit('admins.invite_failed', `admins:${admin!.id}`)).toBe(1);
  });
});

describe('accepting an invitation', () => {
  it('sets the password and makes the admin active, once; their earlier failed sign-ins are forgotten', async () => {
    const token = await invited('linus@example.test', 'Linus');
    const strangers = accountKey('someone@example.test');
    await testDb.db.db
      .insert(loginThrottles)
      .values(
        [accountKey('linus@example.test'), accountAddressKey('linus@example.test', '1.2.3.4'), strangers].map(
          (key) => ({ key, failures: 5 }),
        ),
      );

    expect(await accept(token)).toEqual({ email: 'linus@example.test' });
    const admin = await adminOf('linus@example.test');
    expect(admin!.status).toBe('active');
    expect(await verifyPassword('violet tangerine orbit 1976', admin!.passwordHash)).toBe(true);
    const left = await testDb.db.db.select({ key: loginThrottles.key }).from(loginThrottles);
    expect(left.map((row) => row.key)).toEqual([strangers]);
    const entries = await testDb.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admins.invite_accepted'));
    expect(entries.map((entry) => [entry.adminId, entry.ip])).toEqual([[admin!.id, '198.51.100.4']]);

    expect(await failure(accept(token, 'another fine passphrase 77'))).toMatchObject({ status: 410 });
    expect(await findLiveInvite(token)).toBeNull();
  });

  it('refuses a guessable password (400 on password) and leaves the link usable', async () => {
    const token = await invited('margaret@example.test', 'Margaret');
    expect(await failure(accept(token, 'margaret@example.test'))).toMatchObject({
      status: 400,
      options: { fieldKeys: { password: 'auth.password.tooGuessable' } },
    });
    expect((await adminOf('margaret@example.test'))!.status).toBe('invited');
    expect(await findLiveInvite(token)).not.toBeNull();
  });

  it('answers 410 for an expired, unknown or malformed link, and for an admin disabled meanwhile', async () => {
    const expired = await invited('late@example.test', 'Late');
    await testDb.db.db.execute(
      sql`UPDATE admin_invites SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(expired)}`,
    );
    const disabled = await invited('off@example.test', 'Off');
    await testDb.db.db.update(admins).set({ status: 'disabled' }).where(eq(admins.email, 'off@example.test'));
    for (const token of [expired, disabled, 'A'.repeat(43), 'short']) {
      expect(await failure(accept(token))).toMatchObject({ status: 410, messageKey: 'invite.gone' });
    }
    expect((await adminOf('late@example.test'))!.status).toBe('invited');
    expect((await adminOf('off@example.test'))!.status).toBe('disabled');
  });

  it('accepts a link once when two accepts race', async () => {
    const token = await invited('twice@example.test', 'Twice');
    const outcomes = await Promise.allSettled([accept(token), accept(token, 'a different passphrase 1999')]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { status: 410 },
    });
    const { id } = (await adminOf('twice@example.test'))!;
    const entries = await testDb.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admins.invite_accepted'), eq(auditLog.adminId, id)));
    expect(entries).toHaveLength(1);
  });
});
