import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeAdminStatus } from '../../src/server/admins/status';
import { resetConfig } from '../../src/server/config';
import { db } from '../../src/server/db/client';
import { adminInvites, admins, auditLog, sessions } from '../../src/server/db/schema';
import { inviteTokenFrom, signInThroughApi } from '../support/admin-invites';
import { adminWithRole, createAdmins } from '../support/admins';
import { fromNewAddress, get, post } from '../support/api';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession } from '../support/session';

const PUBLIC_URL = 'https://admin.example.test';
const PASSWORD = 'plum tractor lantern oboe';
let server: TestServer;
let mailbox: Mailbox;
let owner: Record<string, string>;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startTestServer({
    SMTP_URL: mailbox.url,
    TRUSTED_PROXIES: '127.0.0.1',
    PUBLIC_URL,
    ACCOUNT_API: 'true',
  });
  owner = { authorization: `Bearer ${await createTestSession()}` };
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.close();
});

interface AdminRowBody {
  id: number;
  email: string;
  status: string;
  invited_by: string | null;
  invite_expires_at: string | null;
  last_seen_at: string | null;
  is_self: boolean;
}

const invite = (email: string, as = owner, names = { first_name: 'Ada', last_name: 'Lovelace' }) =>
  post<AdminRowBody>(
    server.url,
    '/api/admin/inviteadmin',
    { ...names, email },
    { ...as, host: 'evil.example' },
  );
const accept = (token: string, password = PASSWORD) =>
  post<{ email: string }>(server.url, '/api/admin/acceptinvite', { token, password }, fromNewAddress());
const setStatus = (id: number, status: string, as = owner) =>
  post<AdminRowBody>(server.url, '/api/admin/changeadminstatus', { id, status }, as);
const profile = (token: string) =>
  get(server.url, '/api/admin/getprofile', { authorization: `Bearer ${token}` });
const invitePage = (token: string) =>
  fetch(`${server.url}/accept-invite?token=${token}`, { redirect: 'manual' });

/** Invites `email` and returns the new admin's id and the token of the mailed link. */
async function invited(email: string) {
  const answer = await invite(email);
  expect(answer.status).toBe(200);
  return {
    id: answer.body.ResponseBody!.id,
    token: inviteTokenFrom(await mailbox.nextMail(email), PUBLIC_URL),
  };
}

async function adminIdOf(email: string): Promise<number> {
  const [row] = await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  return row!.id;
}

async function actionsFor(target: string): Promise<string[]> {
  const rows = await (
    await db()
  )
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.target, target));
  return rows.map((row) => row.action);
}

describe('inviting an administrator', () => {
  it('mails a PUBLIC_URL link that sets a password once, then the admin signs in with password and code', async () => {
    const email = 'ada@example.test';
    const sent = await invite(email);
    expect(sent.status).toBe(200);
    expect(sent.body.ResponseMessage).toBe(`Invitation sent to ${email}.`);
    expect(sent.body.ResponseBody).toMatchObject({
      email,
      status: 'invited',
      invited_by: 'Admin',
      is_self: false,
    });
    const mail = await mailbox.nextMail(email);
    expect(mail.subject).toBe('You are invited to Puzzle Admin');
    expect(mail.text).toMatch(/Admin has invited you/);
    expect(mail.text).toMatch(/expires in 24 hours/);
    const token = inviteTokenFrom(mail, PUBLIC_URL);
    const id = sent.body.ResponseBody!.id;
    const [stored] = await (await db()).select().from(adminInvites).where(eq(adminInvites.adminId, id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    // Not before accepting: the same answer as a wrong password.
    const early = await post(server.url, '/api/admin/login', { email, password: PASSWORD }, fromNewAddress());
    const wrong = await post(
      server.url,
      '/api/admin/login',
      { email: 'nobody@example.test', password: PASSWORD },
      fromNewAddress(),
    );
    expect(early.status).toBe(401);
    expect(early.body).toEqual(wrong.body);

    const page = await invitePage(token);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain('Ada Lovelace');
    expect(html).not.toContain(token);

    const short = await accept(token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual({ password: 'Must be at least 8 characters long.' });
    for (const weak of ['password123', 'Lovelace2024', 'ada@example.test']) {
      const refused = await accept(token, weak);
      expect(refused.status, weak).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})).toEqual(['password']);
    }
    const done = await accept(token);
    expect(done.status).toBe(200);
    expect(done.body.ResponseBody).toEqual({ email });
    expect(done.headers.get('set-cookie')).toBeNull();
    expect(await (await db()).select().from(sessions).where(eq(sessions.adminId, id))).toEqual([]);

    const again = await accept(token, 'another fine passphrase');
    expect(again.status).toBe(410);
    expect(again.body.ResponseMessage).toBe(
      'This invitation has expired or was already used; ask an administrator for a new one.',
    );
    const used = await invitePage(token);
    expect(used.status).toBe(410);
    expect(await used.text()).toContain('This invitation has expired or was already used');

    const signedIn = await signInThroughApi(server.url, mailbox, email, PASSWORD);
    expect(signedIn.refused).toBeNull();
    expect((await profile(signedIn.token!)).status).toBe(200);
    expect(await actionsFor(`admins:${id}`)).toEqual(['admins.invite']);
    const [accepted] = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, id), eq(auditLog.action, 'admins.invite_accepted')));
    expect(accepted).toBeDefined();
  });

  it('answers 410 for an expired, unknown or missing link, as a page and from the API', async () => {
    const { id, token } = await invited('late@example.test');
    await (
      await db()
    )
      .update(adminInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminInvites.adminId, id));
    expect((await accept(token)).status).toBe(410);
    expect((await accept('A'.repeat(43))).status).toBe(410);
    for (const path of [`/accept-invite?token=${token}`, '/accept-invite?token=nope', '/accept-invite']) {
      const page = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      expect([page.status, page.statusText], path).toEqual([410, 'Gone']);
      const html = await page.text();
      expect(html).toContain('Invitation no longer valid');
      expect(html).toContain('href="/"');
      expect(html).not.toMatch(/at \w+ \(/);
    }
  });

  it('sends a still-invited admin a new link that retires the older one; an existing admin is a 409', async () => {
    const first = await invited('twice@example.test');
    const resent = await invite('twice@example.test', owner, { first_name: 'Grace', last_name: 'Hopper' });
    expect(resent.status).toBe(200);
    expect(resent.body.ResponseBody).toMatchObject({ id: first.id, status: 'invited' });
    const second = inviteTokenFrom(await mailbox.nextMail('twice@example.test'), PUBLIC_URL);
    expect((await accept(first.token)).status).toBe(410);
    expect(await (await invitePage(second)).text()).toContain('Grace Hopper');
    expect((await accept(second)).status).toBe(200);

    for (const email of ['twice@example.test', TEST_ADMIN.email.toUpperCase()]) {
      const taken = await invite(email);
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual({ email: 'An administrator with this email already exists.' });
    }
    expect(mailbox.pending()).toEqual([]);
  });

  it('writes the mail in the inviter’s language, which becomes the new admin’s', async () => {
    const answer = await post(
      server.url,
      '/api/admin/inviteadmin',
      { first_name: 'Zoé', last_name: 'Martin', email: 'zoe@example.test' },
      // The language the inviter's page is in (the header's menu sets this cookie).
      { ...owner, cookie: 'locale=fr' },
    );
    expect(answer.body.ResponseMessage).toBe('Invitation envoyée à zoe@example.test.');
    const mail = await mailbox.nextMail('zoe@example.test');
    expect(mail.subject).toBe('Vous êtes invité à rejoindre la Console Puzzle');
    expect(mail.text).toContain('Bonjour Zoé,');
    inviteTokenFrom(mail, PUBLIC_URL);
    const [zoe] = await (await db()).select().from(admins).where(eq(admins.email, 'zoe@example.test'));
    expect(zoe!.locale).toBe('fr');
  });

  it('names each bad field, refuses other content types, and is for signed-in admins only', async () => {
    const bad = await post(server.url, '/api/admin/inviteadmin', { first_name: ' ', email: 'nope' }, owner);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['email', 'first_name', 'last_name']);
    const form = await fetch(`${server.url}/api/admin/inviteadmin`, {
      method: 'POST',
      headers: { ...owner, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(form.status).toBe(415);
    expect(
      (
        await post(server.url, '/api/admin/inviteadmin', {
          first_name: 'A',
          last_name: 'B',
          email: 'x@example.test',
        })
      ).status,
    ).toBe(401);
    const noToken = await post(server.url, '/api/admin/acceptinvite', { token: '', password: 'short' });
    expect(Object.keys(noToken.body.errors ?? {}).sort()).toEqual(['password', 'token']);
  });

  it('accepts a link once when two accepts race', async () => {
    const { id, token } = await invited('race@example.test');
    const answers = await Promise.all([
      accept(token, 'first racing passphrase'),
      accept(token, 'second racing passphrase'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    const accepted = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, id), eq(auditLog.action, 'admins.invite_accepted')));
    expect(accepted).toHaveLength(1);
    const winner = answers[0]!.status === 200 ? 'first racing passphrase' : 'second racing passphrase';
    expect((await signInThroughApi(server.url, mailbox, 'race@example.test', winner)).refused).toBeNull();
  });

  it('retires the link and says so when the mail cannot be sent', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    resetConfig();
    try {
      const failed = await invite('unmailed@example.test');
      expect(failed.status).toBe(503);
      expect(failed.headers.get('retry-after')).toBe('30');
      expect(failed.body.ResponseMessage).toMatch(/could not be mailed/);
    } finally {
      process.env.SMTP_URL = mailbox.url;
      resetConfig();
    }
    const id = await adminIdOf('unmailed@example.test');
    const live = await (
      await db()
    )
      .select()
      .from(adminInvites)
      .where(and(eq(adminInvites.adminId, id), sql`${adminInvites.usedAt} IS NULL`));
    expect(live).toEqual([]);
    expect(await actionsFor(`admins:${id}`)).toEqual(['admins.invite', 'admins.invite_failed']);
    // Resend works once the mail does.
    expect((await invite('unmailed@example.test')).status).toBe(200);
    expect(
      (await accept(inviteTokenFrom(await mailbox.nextMail('unmailed@example.test'), PUBLIC_URL))).status,
    ).toBe(200);
  });
});

describe('re-inviting a pending invite', () => {
  /** A custom role made by the Owner: its key. */
  async function customRole(name: string, permissions: string[]): Promise<string> {
    const made = await post<{ key: string }>(server.url, '/api/admin/saverole', { name, permissions }, owner);
    expect(made.status).toBe(200);
    return made.body.ResponseBody!.key;
  }
  const inviteAs = (as: Record<string, string>, email: string, role: string, first_name = 'Eve') =>
    post<AdminRowBody>(
      server.url,
      '/api/admin/inviteadmin',
      { first_name, last_name: 'Lead', email, role },
      as,
    );
  const pendingRow = async (email: string) =>
    (
      await (
        await db()
      )
        .select({ firstName: admins.firstName, role: admins.role, status: admins.status })
        .from(admins)
        .where(eq(admins.email, email))
    )[0];

  it('refuses a "Team lead" rewriting a pending Owner invite; the Owner’s link still works', async () => {
    const leadRole = await customRole('Invite lead', ['admins.manage', 'users.view']);
    const lead = { authorization: `Bearer ${(await adminWithRole(leadRole, 'Lead')).token}` };
    const email = 'pending.owner@example.test';
    expect((await inviteAs(owner, email, 'owner', 'Olive')).status).toBe(200);
    const ownerLink = inviteTokenFrom(await mailbox.nextMail(email), PUBLIC_URL);
    const before = await pendingRow(email);

    const taken = await inviteAs(lead, email, leadRole);
    expect(taken.status).toBe(403);
    expect(taken.body.errors).toEqual({ role: 'Only an Owner can give the Owner role or change an Owner.' });
    expect(await pendingRow(email)).toEqual(before);
    expect(mailbox.pending()).toEqual([]);
    expect(await actionsFor(`admins:${await adminIdOf(email)}`)).toEqual(['admins.invite']);
    expect((await accept(ownerLink)).status).toBe(200);
    expect(await pendingRow(email)).toMatchObject({ role: 'owner', status: 'active', firstName: 'Olive' });
  });

  it('refuses rewriting a pending invite whose role may do more than the inviter', async () => {
    const leadRole = await customRole('Second lead', ['admins.manage', 'users.view']);
    const lead = { authorization: `Bearer ${(await adminWithRole(leadRole, 'Lead')).token}` };
    const email = 'pending.admin@example.test';
    expect((await inviteAs(owner, email, 'administrator', 'Ada')).status).toBe(200);
    const link = inviteTokenFrom(await mailbox.nextMail(email), PUBLIC_URL);
    const refused = await inviteAs(lead, email, leadRole);
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual({
      email: 'This administrator may do more than you may: ask an Owner.',
    });
    expect(await pendingRow(email)).toMatchObject({ role: 'administrator', firstName: 'Ada' });
    expect(mailbox.pending()).toEqual([]);

    // One within the lead's own permissions may be re-sent, with a new role and names.
    const mine = 'pending.mine@example.test';
    expect((await inviteAs(owner, mine, leadRole, 'Mia')).status).toBe(200);
    const first = inviteTokenFrom(await mailbox.nextMail(mine), PUBLIC_URL);
    const resent = await inviteAs(lead, mine, leadRole, 'Maya');
    expect(resent.status).toBe(200);
    const second = inviteTokenFrom(await mailbox.nextMail(mine), PUBLIC_URL);
    expect((await accept(first)).status).toBe(410);
    expect((await accept(second)).status).toBe(200);
    expect((await accept(link)).status).toBe(200);
  });
  it('two re-sends at once: an Owner’s never yields to a lead’s', async () => {
    const leadRole = await customRole('Racing lead', ['admins.manage', 'users.view']);
    const lead = { authorization: `Bearer ${(await adminWithRole(leadRole, 'Lead')).token}` };
    for (let round = 0; round < 3; round += 1) {
      const email = `pending.race${round}@example.test`;
      expect((await inviteAs(owner, email, leadRole)).status).toBe(200);
      await mailbox.nextMail(email);
      const answers = await Promise.all([inviteAs(owner, email, 'owner'), inviteAs(lead, email, leadRole)]);
      expect(answers[0]!.status).toBe(200);
      expect([200, 403]).toContain(answers[1]!.status);
      const sent = answers.filter((answer) => answer.status === 200).length;
      for (let mail = 0; mail < sent; mail += 1) await mailbox.nextMail(email);
      expect(await pendingRow(email)).toMatchObject({ role: 'owner', status: 'invited' });
      const open = await (
        await db()
      )
        .select({ id: adminInvites.id })
        .from(adminInvites)
        .where(and(eq(adminInvites.adminId, await adminIdOf(email)), sql`${adminInvites.usedAt} IS NULL`));
      expect(open).toHaveLength(1);
    }
  });
});

describe('the list', () => {
  it('pages and searches, with status, last seen, inviter and "you"', async () => {
    const all = await get<unknown>(server.url, '/api/admin/getadmins?record=100', owner);
    expect(all.status).toBe(200);
    const data = all.body.ResponseData as {
      list: AdminRowBody[];
      total: number;
      page: number;
      record: number;
    };
    expect(data.total).toBe(data.list.length);
    const me = data.list.find((row) => row.email === TEST_ADMIN.email)!;
    expect(me).toMatchObject({ is_self: true, status: 'active', invited_by: null });
    expect(me.last_seen_at).not.toBeNull();
    expect(data.list.filter((row) => row.is_self)).toHaveLength(1);
    const found = await get<unknown>(server.url, '/api/admin/getadmins?search=LOVELACE&record=1', owner);
    const page = found.body.ResponseData as { list: AdminRowBody[]; total: number };
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]!.email).toBe('ada@example.test');
    const bad = await get(server.url, '/api/admin/getadmins?record=1000&page=-1', owner);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['page', 'record']);
    expect((await get(server.url, '/api/admin/getadmins')).status).toBe(401);
  });
});

describe('disabling and re-enabling', () => {
  it('ends a disabled admin’s session at their next request, and their sign-in, without telling strangers', async () => {
    await createAdmins(['bob@example.test'], PASSWORD);
    const bob = await adminIdOf('bob@example.test');
    const session = await signInThroughApi(server.url, mailbox, 'bob@example.test', PASSWORD);
    expect((await profile(session.token!)).status).toBe(200);
    // Half-way through signing in elsewhere: the password step is done, the code is in the mail.
    const pending = await post<{ otpToken: string }>(
      server.url,
      '/api/admin/login',
      { email: 'bob@example.test', password: PASSWORD },
      fromNewAddress(),
    );
    const code = (await mailbox.nextMail('bob@example.test')).text.match(/\b\d{6}\b/)![0];

    const disabled = await setStatus(bob, 'disabled');
    expect(disabled.status).toBe(200);
    expect(disabled.body.ResponseBody!.status).toBe('disabled');
    expect((await profile(session.token!)).status).toBe(401);
    expect(await (await db()).select().from(sessions).where(eq(sessions.adminId, bob))).toEqual([]);
    const verify = await post(
      server.url,
      '/api/admin/verifyotp',
      { otpToken: pending.body.ResponseBody!.otpToken, otp: code },
      fromNewAddress(),
    );
    expect(verify.status).toBe(410);

    const right = await post(
      server.url,
      '/api/admin/login',
      { email: 'bob@example.test', password: PASSWORD },
      fromNewAddress(),
    );
    expect(right.status).toBe(403);
    expect(right.body.ResponseMessage).toMatch(/disabled/);
    const wrong = await post(
      server.url,
      '/api/admin/login',
      { email: 'bob@example.test', password: 'not his password' },
      fromNewAddress(),
    );
    expect(wrong.status).toBe(401);
    const forgot = await post(
      server.url,
      '/api/admin/forgotpassword',
      { email: 'bob@example.test' },
      fromNewAddress(),
    );
    const unknown = await post(
      server.url,
      '/api/admin/forgotpassword',
      { email: 'nobody@example.test' },
      fromNewAddress(),
    );
    expect({ ...forgot.body, ResponseBody: null }).toEqual({ ...unknown.body, ResponseBody: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.pending()).toEqual([]);
    const refused = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, bob), eq(auditLog.action, 'admins.login_refused')));
    expect(refused).toHaveLength(1);

    const again = await setStatus(bob, 'active');
    expect(again.status).toBe(200);
    expect(again.body.ResponseBody!.status).toBe('active');
    expect((await signInThroughApi(server.url, mailbox, 'bob@example.test', PASSWORD)).refused).toBeNull();
    expect(await actionsFor(`admins:${bob}`)).toEqual(['admins.disable', 'admins.enable']);
  });

  it('refuses a session or a code step whose admin was disabled behind the service’s back', async () => {
    await createAdmins(['carol@example.test'], PASSWORD);
    const carol = await adminIdOf('carol@example.test');
    const token = await createTestSession('carol@example.test');
    const login = await post<{ otpToken: string }>(
      server.url,
      '/api/admin/login',
      { email: 'carol@example.test', password: PASSWORD },
      fromNewAddress(),
    );
    const code = (await mailbox.nextMail('carol@example.test')).text.match(/\b\d{6}\b/)![0];
    await (await db()).update(admins).set({ status: 'disabled' }).where(eq(admins.id, carol));
    expect((await profile(token)).status).toBe(401);
    const verify = await post(
      server.url,
      '/api/admin/verifyotp',
      { otpToken: login.body.ResponseBody!.otpToken, otp: code },
      fromNewAddress(),
    );
    expect(verify.status).toBe(403);
  });

  it('kills a disabled admin’s account-API token', async () => {
    await createAdmins(['dan@example.test'], PASSWORD);
    const login = await post<unknown>(
      server.url,
      '/api/account/login',
      { email: 'dan@example.test', password: PASSWORD },
      fromNewAddress(),
    );
    // The account API answers `serviceToken` at the top level (DESIGN.md §5).
    const { serviceToken } = login.body as unknown as { serviceToken: string };
    const bearer = { authorization: `Bearer ${serviceToken}` };
    expect((await get(server.url, '/api/account/me', bearer)).status).toBe(200);
    expect((await setStatus(await adminIdOf('dan@example.test'), 'disabled')).status).toBe(200);
    expect((await get(server.url, '/api/account/me', bearer)).status).toBe(401);
    const again = await post(
      server.url,
      '/api/account/login',
      { email: 'dan@example.test', password: PASSWORD },
      fromNewAddress(),
    );
    expect(again.status).toBe(403);
  });

  it('retires an invited admin’s link; re-enabling makes them invited again, to be re-sent', async () => {
    const { id, token } = await invited('erin@example.test');
    expect((await setStatus(id, 'active')).body.errors).toHaveProperty('status');
    expect((await setStatus(id, 'disabled')).status).toBe(200);
    expect((await accept(token)).status).toBe(410);
    expect((await invite('erin@example.test')).status).toBe(409);
    const back = await setStatus(id, 'active');
    expect(back.body.ResponseBody).toMatchObject({ status: 'invited', invite_expires_at: null });
    expect((await invite('erin@example.test')).status).toBe(200);
    expect(
      (await accept(inviteTokenFrom(await mailbox.nextMail('erin@example.test'), PUBLIC_URL))).status,
    ).toBe(200);
  });

  it('refuses yourself, unknown ids and bad fields, naming the field', async () => {
    const me = await adminIdOf(TEST_ADMIN.email);
    const self = await setStatus(me, 'disabled');
    expect(self.status).toBe(409);
    expect(self.body.errors).toEqual({ id: 'You cannot disable your own account.' });
    const missing = await setStatus(999_999, 'disabled');
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toHaveProperty('id');
    const bad = await post(server.url, '/api/admin/changeadminstatus', { id: 'x', status: 'invited' }, owner);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['id', 'status']);
    // Cross-site with the cookie: refused before anything changes.
    const cookie = { cookie: `session=${await createTestSession()}`, origin: 'https://evil.example' };
    expect((await setStatus(await adminIdOf('bob@example.test'), 'disabled', cookie)).status).toBe(403);
  });

  it('never leaves zero active admins, even when two disable each other at once', async () => {
    const database = await db();
    await createAdmins(['fay@example.test', 'gus@example.test'], PASSWORD);
    const fay = await adminIdOf('fay@example.test');
    const gus = await adminIdOf('gus@example.test');
    const me = await adminIdOf(TEST_ADMIN.email);
    // Only Fay and Gus stay active for this test.
    const parked = await database
      .update(admins)
      .set({ status: 'disabled' })
      .where(and(sql`${admins.id} NOT IN (${fay}, ${gus})`, eq(admins.status, 'active')))
      .returning({ id: admins.id });
    try {
      for (let round = 0; round < 4; round++) {
        const faySession = { authorization: `Bearer ${await createTestSession('fay@example.test')}` };
        const gusSession = { authorization: `Bearer ${await createTestSession('gus@example.test')}` };
        const answers = await Promise.all([
          setStatus(gus, 'disabled', faySession),
          setStatus(fay, 'disabled', gusSession),
        ]);
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses[0]).toBe(200);
        expect([401, 409]).toContain(statuses[1]);
        const active = await database
          .select({ id: admins.id })
          .from(admins)
          .where(and(inArray(admins.id, [fay, gus]), eq(admins.status, 'active')));
        expect(active).toHaveLength(1);
        await database
          .update(admins)
          .set({ status: 'active' })
          .where(inArray(admins.id, [fay, gus]));
      }
      // The last active admin, asked for by a request already in flight when its own admin was
      // disabled: refused (the guard let the request in; the locked rows say who is left).
      await database.update(admins).set({ status: 'disabled' }).where(eq(admins.id, gus));
      await expect(
        changeAdminStatus({ id: fay, status: 'disabled' }, { adminId: gus, ip: '' }),
      ).rejects.toMatchObject({
        status: 409,
        messageKey: 'admins.api.lastActive',
      });
    } finally {
      await database
        .update(admins)
        .set({ status: 'active' })
        .where(inArray(admins.id, [...parked.map((row) => row.id), me, fay, gus]));
    }
  });
});
