import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow } from '../../src/shared/audit/audit-input';
import type { ListResult } from '../../src/lib/envelope';
import { db } from '../../src/server/db/client';
import { adminWithRole, createAdmins } from '../support/admins';
import { get, post } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';
import { insertUsers, postForm } from '../support/users';

/** Issue #28: the audit trail as `getaudit` lists it and `exportaudit` sends it, for admins with audit.view. */
let server: TestServer;
let owner: string;
let reader: { id: number; token: string };

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
  reader = await adminWithRole('readonly', 'Auditor');
  // A known trail: three admins' actions over three days.
  await (
    await db()
  ).execute(sql`
    INSERT INTO audit_log (admin_id, actor_name, action, target, detail, at) VALUES
      (${reader.id}, 'Auditor Helper', 'users.block', 'users:7', '{"reason":"spam"}', '2026-03-01T10:00:00Z'),
      (${reader.id}, 'Auditor Helper', 'users.unblock', 'users:7', null, '2026-03-02T10:00:00Z'),
      (${reader.id}, 'Auditor Helper', 'puzzles.delete', 'puzzles:3', null, '2026-03-02T11:00:00Z'),
      (null, null, 'audit.purge', null, '{"deleted":4}', '2026-03-03T00:00:00Z'),
      (${reader.id}, 'Auditor Helper', 'roles.update', 'roles:support', null, '2026-02-20T10:00:00Z')`);
});
afterAll(() => server?.stop());

const as = (token: string) => ({ cookie: sessionCookie(token), 'sec-fetch-site': 'same-origin' });
const trail = async (query: string, token = owner) => {
  const answer = await get<never>(server.url, `/api/admin/getaudit?${query}`, as(token));
  return { status: answer.status, body: answer.body, data: answer.body.ResponseData as ListResult<AuditRow> };
};

describe('getaudit', () => {
  it('filters by admin, action, area, target and time, newest first, for a Read-only admin too', async () => {
    const mine = await trail(`admin_id=${reader.id}&from=2026-03-01&to=2026-03-04`, reader.token);
    expect(mine.status).toBe(200);
    expect(mine.data.list.map((row) => row.action)).toEqual([
      'puzzles.delete',
      'users.unblock',
      'users.block',
    ]);
    expect(mine.data.list[2]).toMatchObject({
      admin_name: 'Auditor Helper',
      area: 'users',
      target: 'users:7',
    });
    expect((await trail('area=users&from=2026-03-01&to=2026-03-04')).data.total).toBe(2);
    expect((await trail('action=users.block&from=2026-03-01')).data.list).toHaveLength(1);
    expect((await trail('target=users:7&from=2026-03-01')).data.total).toBe(2);
    expect((await trail('from=2026-03-02&to=2026-03-03')).data.total).toBe(2);
    const purge = (await trail('area=audit&to=2026-03-04')).data.list[0]!;
    expect(purge).toMatchObject({ admin_id: null, admin_name: null, action: 'audit.purge' });
  });

  it('still finds entries by the words of before issue #39 (`area=role`, `target=user:7`)', async () => {
    const february = 'from=2026-02-20&to=2026-02-21';
    const now = await trail(`area=roles&${february}`);
    expect(now.data.list.map((row) => row.action)).toEqual(['roles.update']);
    expect((await trail(`area=role&${february}`)).data.list).toEqual(now.data.list);
    expect((await trail(`action=role.update&${february}`)).data.list).toEqual(now.data.list);
    expect((await trail(`target=role:support&${february}`)).data.list).toEqual(now.data.list);
    expect((await trail('target=user:7&from=2026-03-01')).data.total).toBe(2);
  });

  it('names the bad filter', async () => {
    const order = await trail('from=2026-03-03&to=2026-03-01');
    expect(order.status).toBe(400);
    expect(order.body.errors).toHaveProperty('to');
    const area = await trail('area=USERS%20OR%201%3D1');
    expect(area.status).toBe(400);
    expect(area.body.errors).toHaveProperty('area');
  });
});

describe('exportaudit', () => {
  it('streams the filtered trail as CSV and audits the export', async () => {
    const response = await fetch(
      `${server.url}/api/admin/exportaudit?area=users&from=2026-03-01&to=2026-03-04`,
      { headers: as(owner) },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).trim().split(/\r?\n/);
    expect(lines[0]).toContain('admin_name');
    expect(lines.slice(1)).toHaveLength(2);
    expect(lines[1]).toContain('users.unblock');
    expect(lines[2]).toContain('users.block');
    const exports = await (
      await db()
    ).execute(sql`SELECT detail FROM audit_log WHERE action = 'audit.export' ORDER BY id DESC LIMIT 1`);
    const [row] = (exports as unknown as { rows: { detail: string }[] }).rows;
    expect(JSON.parse(row!.detail)).toMatchObject({ area: 'users' });
  });
});

describe('a role in the trail', () => {
  it('is named as it was last called once deleted: its key means nothing to a person', async () => {
    const saved = await post<{ key: string }>(
      server.url,
      '/api/admin/saverole',
      { name: 'Night shift', permissions: ['users.view'] },
      as(owner),
    );
    const key = (saved.body.ResponseBody as { key: string }).key;
    await post(
      server.url,
      '/api/admin/saverole',
      { key, name: 'Late shift', permissions: ['users.view'] },
      as(owner),
    );
    const named = (await trail(`target=role:${key}`)).data.list;
    expect(named.map((row) => [row.action, row.target_name])).toEqual([
      ['roles.update', 'Late shift'],
      ['roles.create', 'Late shift'],
    ]);
    expect((await post(server.url, '/api/admin/deleterole', { key }, as(owner))).status).toBe(200);
    const gone = (await trail(`target=role:${key}`)).data.list;
    expect(gone.map((row) => [row.action, row.target_name])).toEqual([
      ['roles.delete', 'Late shift'],
      ['roles.update', 'Late shift'],
      ['roles.create', 'Late shift'],
    ]);
  });
});

describe('an edit in the trail', () => {
  const entriesAbout = async (target: string) =>
    (await trail(`target=${encodeURIComponent(target)}`)).data.list;

  it('names each field it changed, before → after, and nothing it did not', async () => {
    const [id] = await insertUsers([{ firstName: 'Ann', lastName: 'Lee', email: 'ann.trail@example.test' }]);
    const saved = await postForm(
      server.url,
      '/api/admin/updateuser',
      {
        id: String(id),
        first_name: 'Anna',
        last_name: 'Lee',
        email: 'ann.trail@example.test',
        phone: '+40 700 000 000',
        status: 'active',
      },
      owner,
    );
    expect(saved.status).toBe(200);
    const [edit] = await entriesAbout(`users:${id}`);
    // Named as the user is called now; a thing since deleted is named by its id alone.
    expect(edit).toMatchObject({
      action: 'users.update',
      admin_name: expect.any(String),
      target_name: 'Anna Lee',
    });
    await (
      await db()
    ).execute(sql`INSERT INTO audit_log (action, target) VALUES ('puzzles.delete', 'puzzles:987654321')`);
    const [gone] = (await trail('target=puzzle:987654321')).data.list;
    expect(gone).toMatchObject({ target: 'puzzles:987654321' });
    expect(gone).not.toHaveProperty('target_name');
    expect(JSON.parse(edit!.detail!)).toEqual({
      changes: { first_name: ['Ann', 'Anna'], phone: [null, '+40 700 000 000'] },
    });

    const page = await post(
      server.url,
      '/api/admin/updatecms',
      { slug: 'about-us', locale: 'ro', title: 'Despre noi', content: '<p>Un joc <strong>bun</strong>.</p>' },
      as(owner),
    );
    expect(page.status).toBe(200);
    const [cms] = await entriesAbout('content:about-us:ro');
    // A summary, not the page's text: the revision keeps the whole version.
    expect(JSON.parse(cms!.detail!)).toEqual({ changes: { title: [null, 'Despre noi'] }, paragraphs: 1 });
  });

  it('never holds a password, a hash or a key', async () => {
    const email = 'secretive.trail@example.test';
    const oldPassword = 'an old password for the trail';
    const newPassword = 'a brand new password for the trail';
    await createAdmins([email], oldPassword);
    const token = await createTestSession(email);
    const changed = await post(
      server.url,
      '/api/admin/changepassword',
      { current_password: oldPassword, new_password: newPassword },
      { authorization: `Bearer ${token}` },
    );
    expect(changed.status).toBe(200);
    const key = await post<{ key: string }>(
      server.url,
      '/api/admin/addapikey',
      { name: 'Trail key' },
      as(owner),
    );
    expect(key.status).toBe(200);
    const run = await db();
    const [hash] = (
      (await run.execute(sql`SELECT password_hash FROM admins WHERE email = ${email}`)) as unknown as {
        rows: { password_hash: string }[];
      }
    ).rows;
    const secrets = [
      oldPassword,
      newPassword,
      hash!.password_hash.slice(-24),
      key.body.ResponseBody!.key.slice(4),
    ];
    const trailText = (
      (await run.execute(
        sql`SELECT concat_ws(' ', action, target, detail, user_agent) AS text FROM audit_log`,
      )) as unknown as { rows: { text: string }[] }
    ).rows.map((row) => row.text);
    // Both changes are in the trail, and none of their secrets are.
    expect(trailText.filter((text) => /^(auth\.password_changed|apikeys\.create) /.test(text))).toHaveLength(
      2,
    );
    for (const secret of secrets) expect(trailText.filter((text) => text.includes(secret))).toEqual([]);
  });
});

describe('who acted, as they were', () => {
  it('keeps each actor’s name and email as written: renaming oneself rewrites no past entry', async () => {
    const actor = await adminWithRole('administrator', 'Truthful');
    const [user] = await insertUsers([
      { firstName: 'Named', lastName: 'Before', email: 'named.before@example.test' },
    ]);
    expect(
      (await post(server.url, '/api/admin/changestatus', { id: user, status: 'blocked' }, as(actor.token)))
        .status,
    ).toBe(200);
    const renamed = await postForm(
      server.url,
      '/api/admin/updateprofile',
      { first_name: 'Owner', last_name: 'Impostor' },
      actor.token,
    );
    expect(renamed.status).toBe(200);
    expect(
      (await post(server.url, '/api/admin/changestatus', { id: user, status: 'active' }, as(actor.token)))
        .status,
    ).toBe(200);
    const rows = (await trail(`target=user:${user}`)).data.list;
    expect(rows.map((row) => [row.action, row.admin_name])).toEqual([
      ['users.unblock', 'Owner Impostor'],
      ['users.block', 'Truthful Helper'],
    ]);
    expect(rows.every((row) => row.admin_id === actor.id && /^truthful\./.test(row.admin_email ?? ''))).toBe(
      true,
    );
  });
});

describe('refusals', () => {
  it('are coalesced: one row per admin, route and minute, counting them, even when they come at once', async () => {
    const editor = await adminWithRole('content', 'Hammering');
    const refused = await Promise.all(
      Array.from({ length: 40 }, () => post(server.url, '/api/admin/adduser', {}, as(editor.token))),
    );
    expect(new Set(refused.map((answer) => answer.status))).toEqual(new Set([403]));
    // Another route is another row.
    expect((await get(server.url, '/api/admin/getusers', as(editor.token))).status).toBe(403);
    const rows = (await trail(`admin_id=${editor.id}&action=permission.denied`)).data.list;
    // Two rows unless the 41 refusals straddled a minute's turn, which splits a route's run in two.
    const byRoute = new Map<string, number>();
    for (const row of rows) byRoute.set(row.target!, (byRoute.get(row.target!) ?? 0) + (row.count ?? 1));
    expect(Object.fromEntries(byRoute)).toEqual({
      'route:/api/admin/adduser': 40,
      'route:/api/admin/getusers': 1,
    });
    expect(rows.length).toBeLessThanOrEqual(3);
  });
});
