import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_PERMISSIONS, BUILT_IN_ROLES, type Permission } from '../../src/features/roles/permissions';
import type { RoleRow } from '../../src/features/roles/role-input';
import { db } from '../../src/server/db/client';
import { admins, auditLog, notifications } from '../../src/server/db/schema';
import { ADMIN_PAGES, PUBLIC_ADMIN_API } from '../../src/server/http/routes';
import { API_NEEDS, meets, namedPermission, needOf } from '../../src/server/roles/route-permissions';
import { adminWithRole } from '../support/admins';
import { countAudit } from '../support/audit';
import { get, post } from '../support/api';
import { apiRouteFiles } from '../support/routes';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

/**
 * Issue #28: roles enforced on the server. The sweep is generated from the route files and the
 * route table, so a new endpoint or page is covered the day it is added.
 */
let server: TestServer;
let owner: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
});
afterAll(() => server?.stop());

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

/** Logging out ends the session the sweep runs on: it is checked on its own. */
const SWEPT = apiRouteFiles().filter(
  (route) => !PUBLIC_ADMIN_API.has(route.path) && route.path !== '/api/admin/logout',
);

describe('each built-in role against every admin endpoint', () => {
  it.each(BUILT_IN_ROLES)('%s gets exactly what its permissions say', async (role) => {
    const { token } = await adminWithRole(role, `Sweep ${role}`);
    const wrong: string[] = [];
    for (const route of SWEPT) {
      const need = API_NEEDS[route.path]!;
      const allowed = meets(BUILT_IN_PERMISSIONS[role], need);
      for (const method of route.methods) {
        const answer = await call(token, route.path, method);
        const refusedFor = (answer.body.ResponseBody as { permission?: string } | undefined)?.permission;
        const refused = answer.status === 403 && need !== 'signed-in' && refusedFor === namedPermission(need);
        if (allowed === refused || answer.status >= 500) {
          wrong.push(`${method} ${route.path}: ${answer.status} ${answer.body.ResponseMessage}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(BUILT_IN_ROLES)('%s opens only its pages, and its menu lists only those', async (role) => {
    const { token } = await adminWithRole(role, `Pages ${role}`);
    const held = new Set<string>(BUILT_IN_PERMISSIONS[role]);
    const outcomes: string[] = [];
    let menu = '';
    for (const page of ADMIN_PAGES) {
      const response = await fetch(`${server.url}${page}`, { headers: as(token), redirect: 'manual' });
      const html = await response.text();
      const need = needOf(page, new URL(page, server.url))!;
      const allowed = meets(BUILT_IN_PERMISSIONS[role], need);
      outcomes.push(`${page} ${response.status}`);
      if (page === '/profile') menu = /<nav class="app-menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
      // The header's user search only for a role that sees users.
      if (page === '/profile') expect(html.includes('data-quick-search')).toBe(held.has('users.view'));
      const expected = allowed ? 200 : page === '/dashboard' ? 302 : 403;
      expect(`${page} ${response.status}`).toBe(`${page} ${expected}`);
      if (!allowed && expected === 403) expect(html).toContain('Not part of your role');
    }
    expect(outcomes.length).toBe(ADMIN_PAGES.size);
    for (const tab of ['admins', 'roles', 'keys']) {
      const page = `/account-setting?tab=${tab}`;
      const need = needOf('/account-setting', new URL(page, server.url)) as Permission;
      const response = await fetch(`${server.url}${page}`, { headers: as(token), redirect: 'manual' });
      expect(`${page} ${response.status}`).toBe(`${page} ${held.has(need) ? 200 : 403}`);
      const settings = await (await fetch(`${server.url}/account-setting`, { headers: as(token) })).text();
      expect(settings.includes(`href="${page}"`), `${page} tab shown`).toBe(held.has(need));
    }
    // The account settings say which role it is.
    const names = {
      owner: 'Owner',
      administrator: 'Administrator',
      support: 'Support agent',
      liveops: 'Live-ops',
      content: 'Content editor',
      readonly: 'Read-only',
    };
    const settings = await (await fetch(`${server.url}/account-setting`, { headers: as(token) })).text();
    expect(settings).toContain(`Your role: ${names[role]}`);
    const links = [...menu.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    for (const link of links) {
      const need = needOf(link, new URL(link, server.url));
      expect(meets(BUILT_IN_PERMISSIONS[role], need!), link).toBe(true);
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
    const profile = await get<{ role: string; permissions: Permission[] }>(
      server.url,
      '/api/admin/getprofile',
      as(reader.token),
    );
    expect(profile.body.ResponseBody).toMatchObject({ role: 'administrator' });
    expect((profile.body.ResponseBody as { permissions: Permission[] }).permissions).toContain('users.edit');
    expect(await countAudit('admin.role', `admin:${reader.id}`)).toBe(1);
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
      .where(eq(admins.role, 'owner'))
      .limit(1);
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
    const [me] = await (
      await db()
    )
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.role, 'owner'))
      .limit(1);
    const self = await changeRole(owner, me!.id, 'readonly');
    expect(self.status).toBe(409);
    const a = await adminWithRole('owner', 'OwnerA');
    const b = await adminWithRole('owner', 'OwnerB');
    // Leave A and B as the only Owners.
    const others = await (
      await db()
    )
      .select({ id: admins.id })
      .from(admins)
      .where(sql`${admins.role} = 'owner' AND ${admins.id} NOT IN (${a.id}, ${b.id})`);
    for (const other of others) {
      expect((await changeRole(a.token, other.id, 'administrator')).status).toBe(200);
    }
    const answers = await Promise.all([
      changeRole(a.token, b.id, 'administrator'),
      changeRole(b.token, a.id, 'administrator'),
    ]);
    expect(answers.map((answer) => answer.status).filter((status) => status === 200)).toHaveLength(1);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
    const owners = await (await db()).select({ id: admins.id }).from(admins).where(eq(admins.role, 'owner'));
    expect(owners).toHaveLength(1);
    // The one left is the last Owner: nobody may take it from them, nor disable them.
    const last = owners[0]!.id === a.id ? a : b;
    const lastSelf = await changeRole(last.token, last.id, 'readonly');
    expect(lastSelf.status).toBe(409);
    // Give the test admin back the Owner role for the tests after this one.
    const restore = await changeRole(last.token, me!.id, 'owner');
    expect(restore.status).toBe(200);
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
    expect(rows.slice(0, 6).map((row) => row.key)).toEqual([...BUILT_IN_ROLES]);
    expect(rows.find((row) => row.key === role.key)).toMatchObject({ members: 1 });
    const inUse = await post(server.url, '/api/admin/deleterole', { key: role.key }, as(owner));
    expect(inUse.status).toBe(409);
    expect(inUse.body.ResponseMessage).toContain('(1)');
    const builtIn = await post(server.url, '/api/admin/deleterole', { key: 'support' }, as(owner));
    expect(builtIn.status).toBe(409);
    await changeRole(owner, member.id, 'readonly');
    expect((await post(server.url, '/api/admin/deleterole', { key: role.key }, as(owner))).status).toBe(200);
    expect(await countAudit('role.delete', `role:${role.key}`)).toBe(1);
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
