import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleRow } from '../../src/shared/roles/role-input';
import { db } from '../../src/server/db/client';
import { admins, auditLog, notifications } from '../../src/server/db/schema';
import { ADMIN_PAGES, PUBLIC_ADMIN_API } from '../../src/server/http/routes';
import { insertUsers } from '../support/users';
import { adminWithRole } from '../support/admins';
import { countAudit } from '../support/audit';
import { get, post } from '../support/api';
import { apiRouteFiles } from '../support/routes';
import { startTestServer, TEST_ADMIN, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

/**
 * Issue #28: roles enforced on the server. The sweep runs over every route file, so a new
 * endpoint or page is covered the day it is added; what each route needs and what each built-in
 * role holds are written out below from the documented matrix (docs/api.md, "Roles and
 * permissions"), never read from the tables the guard reads: a wrong entry there fails here.
 */
let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
});
afterAll(() => server?.stop());

/** The built-in roles, in the order `getroles` lists them. */
const ROLES = ['owner', 'administrator', 'support', 'liveops', 'content', 'readonly'] as const;
type Role = (typeof ROLES)[number];

const EVERY_PERMISSION = [
  'dashboard.view',
  'users.view',
  'users.edit',
  'users.block',
  'users.export',
  'users.privacy',
  'games.view',
  'games.export',
  'notifications.view',
  'notifications.send',
  'notifications.broadcast',
  'support.view',
  'support.reply',
  'support.assign',
  'puzzles.view',
  'puzzles.edit',
  'puzzles.delete',
  'content.view',
  'content.edit',
  'admins.view',
  'admins.manage',
  'apikeys.view',
  'apikeys.manage',
  'audit.view',
  'roles.manage',
];

/** docs/api.md: what each built-in role holds, prerequisites included. */
const HOLDS: Record<Role, readonly string[]> = {
  owner: EVERY_PERMISSION,
  administrator: EVERY_PERMISSION.filter((permission) => permission !== 'roles.manage'),
  support: [
    'users.view',
    'notifications.view',
    'notifications.send',
    'support.view',
    'support.reply',
    'support.assign',
  ],
  liveops: [
    'dashboard.view',
    'games.view',
    'games.export',
    'notifications.view',
    'notifications.send',
    'notifications.broadcast',
    'puzzles.view',
    'puzzles.edit',
    'puzzles.delete',
  ],
  content: ['content.view', 'content.edit'],
  readonly: [
    'dashboard.view',
    'users.view',
    'games.view',
    'notifications.view',
    'support.view',
    'puzzles.view',
    'content.view',
    'admins.view',
    'apikeys.view',
    'audit.view',
  ],
};

/**
 * What each admin endpoint needs: a permission, any one of several (the refusal names the first),
 * or only a session (the admin's own account). A route file missing here fails the first test
 * below by its name: write its line when adding it.
 */
const NEEDS: Record<string, string | readonly string[]> = {
  getprofile: 'signed-in',
  updateprofile: 'signed-in',
  updatelanguage: 'signed-in',
  changepassword: 'signed-in',
  getsessions: 'signed-in',
  revokesession: 'signed-in',
  getactivity: 'signed-in',
  logout: 'signed-in',
  getmfa: 'signed-in',
  totpsetup: 'signed-in',
  totpconfirm: 'signed-in',
  passkeyoptions: 'signed-in',
  passkeyregister: 'signed-in',
  removemfa: 'signed-in',
  newrecoverycodes: 'signed-in',
  reauth: 'signed-in',
  reauthoptions: 'signed-in',
  'openapi.json': 'signed-in',
  getcountdashoard: 'dashboard.view',
  getusers: 'users.view',
  getuser: 'users.view',
  adduser: 'users.edit',
  updateuser: 'users.edit',
  changestatus: 'users.block',
  bulkchangestatus: 'users.block',
  banuser: 'users.block',
  liftban: 'users.block',
  getbans: 'users.view',
  getusernotes: 'users.view',
  addusernote: 'users.edit',
  deleteusernote: 'users.edit',
  exportusers: 'users.export',
  exportuserdata: 'users.privacy',
  eraseuser: 'users.privacy',
  cancelerasure: 'users.privacy',
  getusererasure: 'users.privacy',
  getgamehistory: 'games.view',
  exportgamehistory: 'games.export',
  get_notification: 'notifications.view',
  'admin/get-users': ['users.view', 'notifications.send', 'games.view'],
  'admin/count-notification-audience': 'notifications.send',
  'admin/bulk-notifications': 'notifications.send',
  'update-notification': 'notifications.send',
  'cancel-notification': 'notifications.send',
  'delete-notification': 'notifications.send',
  getsupport: 'support.view',
  getsupportquery: 'support.view',
  replysupport: 'support.reply',
  resendsupportreply: 'support.reply',
  notesupport: 'support.reply',
  changesupportstatus: 'support.reply',
  assignsupport: 'support.assign',
  getpuzzles: 'puzzles.view',
  getpuzzle: 'puzzles.view',
  addpuzzle: 'puzzles.edit',
  updatepuzzle: 'puzzles.edit',
  deletepuzzle: 'puzzles.delete',
  getcmss: 'content.view',
  getcmsrevisions: 'content.view',
  getcmsrevision: 'content.view',
  updatecms: 'content.edit',
  restorecms: 'content.edit',
  savecmsdraft: 'content.edit',
  discardcmsdraft: 'content.edit',
  getadmins: 'admins.view',
  getroles: 'admins.view',
  inviteadmin: 'admins.manage',
  changeadminstatus: 'admins.manage',
  changeadminrole: 'admins.manage',
  // Past the guard, only an Owner decides (approval.ts): the sweep's calls name nobody pending.
  approveadmin: 'admins.manage',
  rejectadmin: 'admins.manage',
  // Past the guard, only an Owner resets (mfa/reset.ts).
  resetadminmfa: 'admins.manage',
  saverole: 'roles.manage',
  deleterole: 'roles.manage',
  getaudit: 'audit.view',
  exportaudit: 'audit.view',
  getapikeys: 'apikeys.view',
  addapikey: 'apikeys.manage',
  revokeapikey: 'apikeys.manage',
  getwebhooks: 'apikeys.manage',
  getwebhookdeliveries: 'apikeys.manage',
  addwebhook: 'apikeys.manage',
  deletewebhook: 'apikeys.manage',
  redeliverwebhook: 'apikeys.manage',
};

/** The signed-in pages and what each needs (`/account-setting`'s team tabs are below). */
const PAGES: Record<string, string> = {
  '/dashboard': 'dashboard.view',
  '/users': 'users.view',
  '/notifications': 'notifications.view',
  '/puzzles': 'puzzles.view',
  '/help-center': 'support.view',
  '/aboutus': 'content.view',
  '/privacyandpolicy': 'content.view',
  '/termsandcondition': 'content.view',
  '/audit': 'audit.view',
  '/api-docs': 'apikeys.view',
  '/profile': 'signed-in',
  '/account-setting': 'signed-in',
};
const TABS: Record<string, string> = { admins: 'admins.view', roles: 'admins.view', keys: 'apikeys.view' };
/** The side menu's pages (DESIGN.md §4, and the audit log), in its order. */
const MENU = [
  '/dashboard',
  '/users',
  '/notifications',
  '/puzzles',
  '/help-center',
  '/aboutus',
  '/privacyandpolicy',
  '/termsandcondition',
  '/audit',
  '/api-docs',
];
const ROLE_NAMES: Record<Role, string> = {
  owner: 'Owner',
  administrator: 'Administrator',
  support: 'Support agent',
  liveops: 'Live-ops',
  content: 'Content editor',
  readonly: 'Read-only',
};

const may = (role: Role, need: string | readonly string[]) =>
  need === 'signed-in' || [need].flat().some((one) => HOLDS[role].includes(one));
const named = (need: string | readonly string[]) => [need].flat()[0];

/** A request from our own pages (GETs that do work want the proof too). */
const as = (token: string) => ({ cookie: sessionCookie(token), 'sec-fetch-site': 'same-origin' });
/** Any answer, JSON or not (the exports answer CSV): its status and, when JSON, its envelope. */
async function call(token: string, route: string, method: string) {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { ...as(token), 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
    redirect: 'manual',
  });
  const text = await response.text();
  const body = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : {};
  return { status: response.status, body: body as { ResponseMessage?: string; ResponseBody?: unknown } };
}

/** `changeadminrole` as the admin holding `token`. */
const changeRole = (token: string, id: number, role: string) =>
  post(server.url, '/api/admin/changeadminrole', { id, role }, as(token));
/** `saverole` as the admin holding `token`. */
const saveRole = (token: string, role: { key?: string; name: string; permissions: string[] }) =>
  post<RoleRow>(server.url, '/api/admin/saverole', role, as(token));

const SIGNED_IN_ROUTES = apiRouteFiles().filter((route) => !PUBLIC_ADMIN_API.has(route.path));
const nameOf = (path: string) => path.replace('/api/admin/', '');
/** Logging out ends the session the sweep runs on: it is checked on its own. */
const SWEPT = SIGNED_IN_ROUTES.filter(
  (route) => nameOf(route.path) in NEEDS && nameOf(route.path) !== 'logout',
);

describe('each built-in role against every admin endpoint', () => {
  it('has a written expectation for every signed-in endpoint and page, and no stale one', () => {
    const files = SIGNED_IN_ROUTES.map((route) => nameOf(route.path));
    expect(files.length).toBeGreaterThan(40);
    expect(
      files.filter((name) => !(name in NEEDS)),
      'endpoints with no line in NEEDS',
    ).toEqual([]);
    expect(
      Object.keys(NEEDS).filter((name) => !files.includes(name)),
      'NEEDS lines with no file',
    ).toEqual([]);
    expect([...ADMIN_PAGES].sort()).toEqual(Object.keys(PAGES).sort());
  });

  it('lists the built-in roles with the documented permissions', async () => {
    const listed = await get<RoleRow[]>(server.url, '/api/admin/getroles', as(owner));
    const builtIn = (listed.body.ResponseBody as RoleRow[]).filter((row) => row.built_in);
    expect(Object.fromEntries(builtIn.map((row) => [row.key, [...row.permissions].sort()]))).toEqual(
      Object.fromEntries(ROLES.map((role) => [role, [...HOLDS[role]].sort()])),
    );
  });

  it.each(ROLES)('%s gets exactly what its permissions say', async (role) => {
    const { token } = await adminWithRole(role, `Sweep ${role}`);
    const wrong: string[] = [];
    for (const route of SWEPT) {
      const need = NEEDS[nameOf(route.path)]!;
      const allowed = may(role, need);
      for (const method of route.methods) {
        const answer = await call(token, route.path, method);
        const refusedFor = (answer.body.ResponseBody as { permission?: string } | undefined)?.permission;
        const refused = answer.status === 403 && refusedFor === named(need);
        if (allowed === refused || answer.status >= 500) {
          wrong.push(`${method} ${route.path}: ${answer.status} ${answer.body.ResponseMessage}`);
        }
      }
    }
    expect(SWEPT.length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });

  it.each(ROLES)('%s opens only its pages, and its menu lists exactly those', async (role) => {
    const { token } = await adminWithRole(role, `Pages ${role}`);
    for (const [page, need] of Object.entries(PAGES)) {
      const response = await fetch(`${server.url}${page}`, { headers: as(token), redirect: 'manual' });
      const html = await response.text();
      const expected = may(role, need) ? 200 : page === '/dashboard' ? 302 : 403;
      expect(`${page} ${response.status}`).toBe(`${page} ${expected}`);
      if (expected === 403) expect(html).toContain('Not part of your role');
    }
    // A player's page (`/users/[id]`), by a real player's address.
    const [player] = await insertUsers([{}]);
    const playerPage = await fetch(`${server.url}/users/${player}`, {
      headers: as(token),
      redirect: 'manual',
    });
    expect(`/users/${player} ${playerPage.status}`).toBe(
      `/users/${player} ${may(role, 'users.view') ? 200 : 403}`,
    );
    const profile = await (await fetch(`${server.url}/profile`, { headers: as(token) })).text();
    // The header's user search only for a role that sees users.
    expect(profile.includes('data-quick-search'), 'quick search').toBe(may(role, 'users.view'));
    const menu = /<nav class="app-menu"[\s\S]*?<\/nav>/.exec(profile)?.[0];
    expect(menu, 'the side menu is found in the page').toBeDefined();
    // Links only: an icon's `<use href>` names the sprite, not a page.
    const links = [...menu!.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)].map((match) => match[1]!);
    // Every built-in role opens at least one menu page: an empty list means the match went wrong.
    expect(links.length).toBeGreaterThan(0);
    expect(links).toEqual(MENU.filter((page) => may(role, PAGES[page]!)));

    const settings = await (await fetch(`${server.url}/account-setting`, { headers: as(token) })).text();
    expect(settings).toContain(`Your role: ${ROLE_NAMES[role]}`);
    for (const [tab, need] of Object.entries(TABS)) {
      const page = `/account-setting?tab=${tab}`;
      const response = await fetch(`${server.url}${page}`, { headers: as(token), redirect: 'manual' });
      expect(`${page} ${response.status}`).toBe(`${page} ${may(role, need) ? 200 : 403}`);
      expect(settings.includes(`href="${page}"`), `${page} tab shown`).toBe(may(role, need));
    }
  });

  it('sends a role without the dashboard to its first page, and logs out whoever asks', async () => {
    const support = await adminWithRole('support', 'Landing');
    const home = await fetch(`${server.url}/dashboard`, { headers: as(support.token), redirect: 'manual' });
    expect(home.headers.get('location')).toBe('/users');
    const content = await adminWithRole('content', 'Writer');
    const landing = await fetch(`${server.url}/dashboard`, {
      headers: as(content.token),
      redirect: 'manual',
    });
    expect(landing.headers.get('location')).toBe('/aboutus');
    expect((await post(server.url, '/api/admin/logout', {}, as(content.token))).status).toBe(200);
  });
});

describe('a refusal', () => {
  it('names the permission, writes nothing, and is audited with the route', async () => {
    const support = await adminWithRole('support', 'Agent');
    const before = await (await db()).select({ n: sql<number>`count(*)::int` }).from(notifications);
    const broadcast = await post(
      server.url,
      '/api/admin/admin/bulk-notifications',
      { title: 'Big news', message: 'For everyone', all: true },
      as(support.token),
    );
    expect(broadcast.status).toBe(403);
    expect(broadcast.body.ResponseBody).toEqual({ permission: 'notifications.broadcast' });
    expect(broadcast.body.ResponseMessage).toContain('Send notifications to everyone');
    const after = await (await db()).select({ n: sql<number>`count(*)::int` }).from(notifications);
    expect(after).toEqual(before);
    const [row] = await (
      await db()
    )
      .select()
      .from(auditLog)
      .where(eq(auditLog.adminId, support.id))
      .orderBy(sql`${auditLog.id} DESC`)
      .limit(1);
    expect(row).toMatchObject({
      action: 'permission.denied',
      target: 'route:/api/admin/admin/bulk-notifications',
    });
    expect(JSON.parse(row!.detail!)).toEqual({ permission: 'notifications.broadcast', method: 'POST' });
  });

  it('is in the admin’s language', async () => {
    const reader = await adminWithRole('readonly', 'Lecteur');
    const refused = await post(
      server.url,
      '/api/admin/adduser',
      {},
      { ...as(reader.token), cookie: `${sessionCookie(reader.token)}; locale=fr` },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.ResponseMessage).toContain('Ajouter et modifier des utilisateurs');
  });
});

describe('granting', () => {
  it('gives a role and applies it on the admin’s next request, with no new sign-in', async () => {
    const reader = await adminWithRole('readonly', 'Promoted');
    expect((await post(server.url, '/api/admin/adduser', {}, as(reader.token))).status).toBe(403);
    const changed = await changeRole(owner, reader.id, 'administrator');
    expect(changed.status).toBe(200);
    expect(changed.body.ResponseBody).toMatchObject({ role: 'administrator' });
    expect((await post(server.url, '/api/admin/adduser', {}, as(reader.token))).status).not.toBe(403);
    const profile = await get<{ role: string; permissions: string[] }>(
      server.url,
      '/api/admin/getprofile',
      as(reader.token),
    );
    expect(profile.body.ResponseBody).toMatchObject({ role: 'administrator' });
    expect((profile.body.ResponseBody as { permissions: string[] }).permissions).toContain('users.edit');
    expect(await countAudit('admins.role', `admins:${reader.id}`)).toBe(1);
  });

  it('refuses to give what the giver does not hold', async () => {
    const administrator = await adminWithRole('administrator', 'Second');
    const target = await adminWithRole('readonly', 'Target');
    const toOwner = await changeRole(administrator.token, target.id, 'owner');
    expect(toOwner.status).toBe(403);
    expect(toOwner.body.errors).toHaveProperty('role');
    const custom = await saveRole(owner, { name: 'Team lead', permissions: ['admins.manage', 'users.view'] });
    expect(custom.status).toBe(200);
    const leadRole = (custom.body.ResponseBody as RoleRow).key;
    const lead = await adminWithRole(leadRole, 'Lead');
    const peer = await adminWithRole(leadRole, 'Peer');
    const beyond = await changeRole(lead.token, peer.id, 'support');
    expect(beyond.status).toBe(403);
    expect(beyond.body.ResponseBody).toEqual({ permission: 'notifications.view' });
    // Nor change an admin who may do more (a Read-only admin sees every list; the lead does not).
    const outranked = await changeRole(lead.token, target.id, leadRole);
    expect(outranked.status).toBe(403);
    expect(outranked.body.errors).toHaveProperty('id');
    const invite = await post(
      server.url,
      '/api/admin/inviteadmin',
      { first_name: 'New', last_name: 'Owner', email: 'would-be-owner@example.test', role: 'owner' },
      as(administrator.token),
    );
    expect(invite.status).toBe(403);
    const [invited] = await (
      await db()
    )
      .select()
      .from(admins)
      .where(eq(admins.email, 'would-be-owner@example.test'));
    expect(invited).toBeUndefined();
    // An Administrator may not change an Owner at all.
    const [me] = await (
      await db()
    )
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, TEST_ADMIN.email));
    const demote = await changeRole(administrator.token, me!.id, 'readonly');
    expect(demote.status).toBe(403);
  });

  it('invites with a role, and without one as an Administrator (the call before roles)', async () => {
    const withRole = await post(
      server.url,
      '/api/admin/inviteadmin',
      { first_name: 'Sam', last_name: 'Support', email: 'sam.support@example.test', role: 'support' },
      as(owner),
    );
    expect(withRole.status).toBe(200);
    expect(withRole.body.ResponseBody).toMatchObject({ role: 'support' });
    const plain = await post(
      server.url,
      '/api/admin/inviteadmin',
      { first_name: 'Ada', last_name: 'Plain', email: 'ada.plain@example.test' },
      as(owner),
    );
    expect(plain.body.ResponseBody).toMatchObject({ role: 'administrator' });
    const unknown = await post(
      server.url,
      '/api/admin/inviteadmin',
      { first_name: 'No', last_name: 'Role', email: 'no.role@example.test', role: 'wizard' },
      as(owner),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('role');
  });
});

describe('Owners', () => {
  it('cannot change their own role, and two demoting each other at once leave exactly one', async () => {
    const database = await db();
    const a = await adminWithRole('owner', 'OwnerA');
    const b = await adminWithRole('owner', 'OwnerB');
    // Its own state, whatever ran before: A and B are the only active Owners while it runs.
    const others = await database
      .select({ id: admins.id })
      .from(admins)
      .where(
        sql`${admins.role} = 'owner' AND ${admins.status} = 'active' AND ${admins.id} NOT IN (${a.id}, ${b.id})`,
      );
    const otherIds = others.map((other) => other.id);
    if (otherIds.length)
      await database.update(admins).set({ role: 'administrator' }).where(inArray(admins.id, otherIds));
    try {
      const self = await changeRole(a.token, a.id, 'readonly');
      expect(self.status).toBe(409);
      expect(self.body.errors).toHaveProperty('role');
      const answers = await Promise.all([
        changeRole(a.token, b.id, 'administrator'),
        changeRole(b.token, a.id, 'administrator'),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      const owners = await database
        .select({ id: admins.id })
        .from(admins)
        .where(sql`${admins.role} = 'owner' AND ${admins.status} = 'active'`);
      expect(owners).toHaveLength(1);
      // The one left is the last Owner: nobody may take it from them, not even themselves.
      const last = owners[0]!.id === a.id ? a : b;
      const lastSelf = await changeRole(last.token, last.id, 'readonly');
      expect(lastSelf.status).toBe(409);
      expect(await countAudit('admins.role', `admins:${last === a ? b.id : a.id}`)).toBe(1);
    } finally {
      if (otherIds.length)
        await database.update(admins).set({ role: 'owner' }).where(inArray(admins.id, otherIds));
    }
  });
});

describe('custom roles', () => {
  it('are made, listed with members, kept while in use, and deleted once free', async () => {
    const made = await saveRole(owner, { name: 'Puzzle reviewer', permissions: ['puzzles.edit'] });
    expect(made.status).toBe(200);
    const role = made.body.ResponseBody as RoleRow;
    expect(role).toMatchObject({
      name: 'Puzzle reviewer',
      built_in: false,
      permissions: ['puzzles.view', 'puzzles.edit'],
    });
    const twice = await saveRole(owner, { name: 'puzzle REVIEWER', permissions: ['puzzles.view'] });
    expect(twice.status).toBe(409);
    expect(twice.body.errors).toHaveProperty('name');
    const bad = await saveRole(owner, { name: 'Bad', permissions: ['puzzles.fly'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})[0]).toMatch(/^permissions/);
    const member = await adminWithRole(role.key, 'Reviewer');
    const listed = await get<RoleRow[]>(server.url, '/api/admin/getroles', as(owner));
    const rows = listed.body.ResponseBody as RoleRow[];
    expect(rows.slice(0, 6).map((row) => row.key)).toEqual([...ROLES]);
    expect(rows.find((row) => row.key === role.key)).toMatchObject({ members: 1 });
    const inUse = await post(server.url, '/api/admin/deleterole', { key: role.key }, as(owner));
    expect(inUse.status).toBe(409);
    expect(inUse.body.ResponseMessage).toContain('(1)');
    const builtIn = await post(server.url, '/api/admin/deleterole', { key: 'support' }, as(owner));
    expect(builtIn.status).toBe(409);
    await changeRole(owner, member.id, 'readonly');
    expect((await post(server.url, '/api/admin/deleterole', { key: role.key }, as(owner))).status).toBe(200);
    expect(await countAudit('roles.delete', `roles:${role.key}`)).toBe(1);
  });

  it('change for their members on the next request', async () => {
    const made = await saveRole(owner, { name: 'Shifting', permissions: ['users.view'] });
    const role = made.body.ResponseBody as RoleRow;
    const member = await adminWithRole(role.key, 'Shifter');
    expect((await get(server.url, '/api/admin/getpuzzles', as(member.token))).status).toBe(403);
    const widened = await saveRole(owner, {
      key: role.key,
      name: 'Shifting',
      permissions: ['users.view', 'puzzles.view'],
    });
    expect(widened.status).toBe(200);
    expect((await get(server.url, '/api/admin/getpuzzles', as(member.token))).status).toBe(200);
  });
});
