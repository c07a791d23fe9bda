import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAdmin } from '../../../tests/support/admins';
import { countAudit } from '../../../tests/support/audit';
import { openTestDatabase } from '../../../tests/support/database';
import { AdminListInput } from '../../shared/admins/admin-input';
import { createSession } from '../auth/sessions';
import { adminInvites, admins, otpChallenges, sessions } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { listAdmins } from './list';
import { changeAdminStatus } from './status';

let testDb: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  testDb = await openTestDatabase();
});
afterAll(() => testDb?.close());

const change = (id: number, status: 'active' | 'disabled', actor: Actor = testDb.actor) =>
  changeAdminStatus({ id, status }, actor);
const failure = (work: Promise<unknown>) => work.catch((error: unknown) => error);
const adminRow = async (id: number) =>
  (await testDb.db.db.select().from(admins).where(eq(admins.id, id)))[0]!;
const liveLink = (adminId: number) =>
  testDb.db.db.insert(adminInvites).values({
    adminId,
    tokenHash: `hash-${adminId}-${Math.random()}`,
    invitedBy: testDb.actor.adminId,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
const openLinks = async (adminId: number) =>
  (await testDb.db.db.select().from(adminInvites).where(eq(adminInvites.adminId, adminId))).filter(
    (link) => link.usedAt === null,
  );
const missing = 2_000_000_000;

describe('disabling and re-enabling an administrator', () => {
  it('disabling ends their sessions, account-API tokens and sign-in codes, once, audited', async () => {
    const bea = await addAdmin('Bea');
    await createSession(bea, { userAgent: 'test' });
    await testDb.db.db.insert(otpChallenges).values({
      adminId: bea,
      purpose: 'login',
      tokenHash: `otp-${bea}`,
      codeHash: 'x',
      codeExpiresAt: new Date(Date.now() + 600_000),
      expiresAt: new Date(Date.now() + 600_000),
    });
    const tokenVersion = (await adminRow(bea)).tokenVersion;

    expect(await change(bea, 'disabled')).toMatchObject({ id: bea, status: 'disabled', is_self: false });
    expect(await testDb.db.db.select().from(sessions).where(eq(sessions.adminId, bea))).toEqual([]);
    const [otp] = await testDb.db.db.select().from(otpChallenges).where(eq(otpChallenges.adminId, bea));
    expect(otp!.usedAt).toBeInstanceOf(Date);
    expect((await adminRow(bea)).tokenVersion).toBe(tokenVersion + 1);
    await change(bea, 'disabled');
    expect(await countAudit('admins.disable', `admins:${bea}`)).toBe(1);

    // Back as they were, their password still theirs; the tokens stay dead.
    expect((await change(bea, 'active')).status).toBe('active');
    expect((await adminRow(bea)).tokenVersion).toBe(tokenVersion + 1);
    expect(await countAudit('admins.enable', `admins:${bea}`)).toBe(1);
  });

  it('an invited admin: only accepting makes them active (409 on status); disabled and back, invited without a link', async () => {
    const cy = await addAdmin('Cy', 'invited');
    await liveLink(cy);
    expect(await failure(change(cy, 'active'))).toMatchObject({
      status: 409,
      options: { fieldKeys: { status: 'admins.api.acceptFirst' } },
    });
    expect(await change(cy, 'disabled')).toMatchObject({ status: 'disabled', invite_expires_at: null });
    expect(await openLinks(cy)).toEqual([]);
    expect(await change(cy, 'active')).toMatchObject({ status: 'invited', invite_expires_at: null });
    expect(await countAudit('admins.enable', `admins:${cy}`)).toBe(1);
  });

  it('refuses disabling yourself (409 on id) and an admin who does not exist (404 on id)', async () => {
    expect(await failure(change(testDb.actor.adminId, 'disabled'))).toMatchObject({
      status: 409,
      options: { fieldKeys: { id: 'admins.api.notYourself' } },
    });
    expect((await adminRow(testDb.actor.adminId)).status).toBe('active');
    expect(await failure(change(missing, 'disabled'))).toMatchObject({
      status: 404,
      options: { fieldKeys: { id: 'admins.api.notFound' } },
    });
  });

  it('refuses (401) a change by an admin who was disabled meanwhile, changing nothing', async () => {
    const [dee, eve] = [await addAdmin('Dee'), await addAdmin('Eve')];
    await testDb.db.db.update(admins).set({ status: 'disabled' }).where(eq(admins.id, dee));
    expect(await failure(change(eve, 'disabled', { adminId: dee, ip: '203.0.113.5' }))).toMatchObject({
      status: 401,
    });
    expect((await adminRow(eve)).status).toBe('active');
    expect(await countAudit('admins.disable', `admins:${eve}`)).toBe(0);
  });

  it('never leaves zero active admins, even when the last two disable each other at once', async () => {
    const fay = await addAdmin('Fay');
    // Both Owners: this is about the last active admin, not the last Owner.
    await testDb.db.db.update(admins).set({ role: 'owner' }).where(eq(admins.id, fay));
    await testDb.db.db
      .update(admins)
      .set({ status: 'disabled' })
      .where(and(eq(admins.status, 'active'), ne(admins.id, testDb.actor.adminId), ne(admins.id, fay)));
    const outcomes = await Promise.allSettled([
      change(fay, 'disabled'),
      change(testDb.actor.adminId, 'disabled', { adminId: fay, ip: '203.0.113.6' }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({
      reason: { status: 409, messageKey: 'admins.api.lastActive' },
    });
    const active = await testDb.db.db.select().from(admins).where(eq(admins.status, 'active'));
    expect(active).toHaveLength(1);
    // Whoever is left makes sure the test admin is active again for the tests after this one.
    if (active[0]!.id !== testDb.actor.adminId)
      await change(testDb.actor.adminId, 'active', { adminId: fay, ip: '' });
  });
});

describe('the administrators list', () => {
  it('is in name order in any case, pages and searches, with "you", inviter and live-link expiry', async () => {
    const ids = [
      await addAdmin('zoe', 'active', 'Zed'),
      await addAdmin('Zoe', 'invited', 'Able'),
      await addAdmin('ZOE', 'disabled', 'Mid'),
    ];
    await liveLink(ids[1]!);
    await liveLink(ids[2]!);
    const page = await listAdmins(AdminListInput.parse({ search: 'zoe' }), testDb.actor.adminId);
    expect(page.total).toBe(3);
    expect(page.list.map((row) => [row.id, row.last_name, row.status])).toEqual([
      [ids[1], 'Able', 'invited'],
      [ids[2], 'Mid', 'disabled'],
      [ids[0], 'Zed', 'active'],
    ]);
    expect(page.list[0]).toMatchObject({ invited_by: 'Admin', invite_expires_at: expect.any(String) });
    // Only an invited admin's link is shown as pending.
    expect(page.list[1]!.invite_expires_at).toBeNull();
    expect(page.list.every((row) => !row.is_self)).toBe(true);

    const second = await listAdmins(AdminListInput.parse({ search: 'ZOE', record: 2, page: 1 }), ids[0]!);
    expect(second.list).toMatchObject([{ id: ids[0], is_self: true }]);
    const me = await listAdmins(AdminListInput.parse({ search: 'owner@' }), testDb.actor.adminId);
    expect(me.list).toMatchObject([{ id: testDb.actor.adminId, is_self: true, status: 'active' }]);
  });
});
