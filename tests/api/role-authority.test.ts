import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleRow } from '../../src/shared/roles/role-input';
import { database, db } from '../../src/server/db/client';
import { auditLog, roles } from '../../src/server/db/schema';
import { adminWithRole } from '../support/admins';
import { countAudit } from '../support/audit';
import { post, type Answer } from '../support/api';
import { startTestServer, type TestServer } from '../support/server';
import { createTestSession, sessionCookie } from '../support/session';

/**
 * Issue #38, items 3 and 13: a role is edited or deleted only by an admin who holds every
 * permission in it, before and after (the rule `changeadminrole` has, shared); two edits of one
 * role at once cannot slip past it; and a custom role never takes a built-in role's name.
 */
let server: TestServer;
let owner: string;
/** Holds `roles.manage` and `admins.manage` (so `admins.view`), nothing about users or keys. */
let lead: { id: number; token: string };

const as = (token: string) => ({ cookie: sessionCookie(token), 'sec-fetch-site': 'same-origin' });
const saveRole = (token: string, role: { key?: string; name: string; permissions: string[] }) =>
  post<RoleRow>(server.url, '/api/admin/saverole', role, as(token));
const deleteRole = (token: string, key: string) =>
  post(server.url, '/api/admin/deleterole', { key }, as(token));

/** A custom role made by the Owner: its key. */
async function made(name: string, permissions: string[]): Promise<string> {
  const answer = await saveRole(owner, { name, permissions });
  expect(answer.status, name).toBe(200);
  return (answer.body.ResponseBody as RoleRow).key;
}

async function stored(key: string) {
  const [row] = await (
    await db()
  )
    .select({ name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.key, key));
  return row;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTestSession();
  lead = await adminWithRole(await made('Team lead', ['roles.manage', 'admins.manage']), 'Lead');
});
afterAll(() => server?.stop());

describe('editing a role from below', () => {
  it('refuses to cut a role holding what the editor lacks, and changes nothing', async () => {
    const power = await made('Power', ['users.edit', 'users.block', 'users.export', 'apikeys.manage']);
    await adminWithRole(power, 'Powerful');
    const before = await stored(power);
    const cut = await saveRole(lead.token, { key: power, name: 'Power', permissions: ['admins.view'] });
    expect(cut.status).toBe(403);
    expect(cut.body.ResponseBody).toEqual({ permission: 'users.view' });
    expect(cut.body.errors).toEqual({
      permissions: 'You cannot change a role with a permission you do not hold (users.view).',
    });
    // Nor a rename that keeps the permissions.
    const renamed = await saveRole(lead.token, { key: power, name: 'Weak', permissions: ['admins.view'] });
    expect(renamed.status).toBe(403);
    expect(await stored(power)).toEqual(before);
    expect(await countAudit('roles.update', `roles:${power}`)).toBe(0);
  });

  it('refuses to delete a role holding what the deleter lacks; the Owner may', async () => {
    const exporter = await made('Exporter', ['users.export']);
    const refused = await deleteRole(lead.token, exporter);
    expect(refused.status).toBe(403);
    expect(refused.body.ResponseBody).toEqual({ permission: 'users.view' });
    expect(await stored(exporter)).toBeDefined();
    expect(await countAudit('roles.delete', `roles:${exporter}`)).toBe(0);
    expect((await deleteRole(owner, exporter)).status).toBe(200);
    expect(await stored(exporter)).toBeUndefined();
  });

  it('lets the editor change and delete what lies within their own permissions', async () => {
    const viewers = await made('Viewers', ['admins.view']);
    await adminWithRole(viewers, 'Viewer');
    const changed = await saveRole(lead.token, {
      key: viewers,
      name: 'Team viewers',
      permissions: ['admins.manage'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.ResponseBody).toMatchObject({ permissions: ['admins.view', 'admins.manage'] });
    const spare = await made('Spare', ['admins.view']);
    expect((await deleteRole(lead.token, spare)).status).toBe(200);
  });

  it('refuses a role held by an admin who may do more, as changeadminrole refuses that admin', async () => {
    const keys = await made('Key keeper', ['apikeys.manage']);
    const keeper = await adminWithRole(keys, 'Keeper');
    const edit = await saveRole(lead.token, { key: keys, name: 'Key keeper', permissions: ['admins.view'] });
    const change = await post(
      server.url,
      '/api/admin/changeadminrole',
      { id: keeper.id, role: 'readonly' },
      as(lead.token),
    );
    expect([edit.status, change.status]).toEqual([403, 403]);
  });
});

/**
 * Holds `change` (SQL on the role's row) in an open transaction while `request` starts, until the
 * request is seen waiting for the row (PostgreSQL) or has had time to queue (PGlite, one
 * connection), then commits: the request runs against the change, never around it.
 */
async function whileHeld<T>(change: string, request: () => Promise<T>): Promise<T> {
  const { kind, db: run } = await database();
  let pending: Promise<T> | undefined;
  await run.transaction(async (tx) => {
    await tx.execute(sql.raw(change));
    pending = request();
    if (kind === 'pglite') return void (await new Promise((resolve) => setTimeout(resolve, 300)));
    for (let tries = 0; tries < 100; tries += 1) {
      const waiting = await run.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      const [row] = (waiting as unknown as { rows: { n: number }[] }).rows;
      if (row!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the request never waited for the held row');
  });
  return pending!;
}

describe('two edits of one role at once', () => {
  it('an edit that waited for a widening judges the widened role', async () => {
    const shared = await made('Shared', ['admins.view']);
    const widen = `UPDATE roles SET permissions = ARRAY['admins.view','users.view','users.export'] WHERE key = '${shared}'`;
    const cut = await whileHeld(widen, () =>
      saveRole(lead.token, { key: shared, name: 'Shared by lead', permissions: ['admins.view'] }),
    );
    expect(cut.status).toBe(403);
    expect(await stored(shared)).toEqual({
      name: 'Shared',
      permissions: ['admins.view', 'users.view', 'users.export'],
    });
  });

  it('a delete that waited for a widening is refused', async () => {
    const doomed = await made('Doomed', ['admins.view']);
    const widen = `UPDATE roles SET permissions = ARRAY['admins.view','users.view','users.export'] WHERE key = '${doomed}'`;
    const gone = await whileHeld(widen, () => deleteRole(lead.token, doomed));
    expect(gone.status).toBe(403);
    expect(await stored(doomed)).toBeDefined();
  });

  it('an Owner widening and a lead cutting at once: the widening is never lost', async () => {
    for (let round = 0; round < 4; round += 1) {
      const key = await made(`Contested ${round}`, ['admins.view']);
      const answers: Answer<RoleRow>[] = await Promise.all([
        saveRole(owner, { key, name: `Contested ${round}`, permissions: ['admins.view', 'users.export'] }),
        saveRole(lead.token, { key, name: `Contested ${round}`, permissions: ['admins.manage'] }),
      ]);
      expect(answers[0]!.status).toBe(200);
      expect([200, 403]).toContain(answers[1]!.status);
      expect((await stored(key))!.permissions).toContain('users.export');
      // Each update started from what the one before it left.
      const updates = await (
        await db()
      )
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(sql`${auditLog.action} = 'roles.update' AND ${auditLog.target} = ${`roles:${key}`}`)
        .orderBy(auditLog.id);
      const steps = updates.map((row) => JSON.parse(row.detail!) as { before: unknown; after: unknown });
      for (let at = 1; at < steps.length; at += 1) expect(steps[at]!.before).toEqual(steps[at - 1]!.after);
    }
  });
});

describe('a custom role’s name', () => {
  it('is never a built-in role’s, in any language or letter case', async () => {
    for (const name of [
      'Owner',
      ' OWNER ',
      'ｏｗｎｅｒ',
      'Propriétaire',
      'PROPRIETAR',
      '所有者',
      'read-only',
      'Lecture seule',
      'Administrateur',
      'Agent de asistență',
      'readonly',
    ]) {
      const answer = await saveRole(owner, { name, permissions: ['admins.view'] });
      expect(answer.status, name).toBe(409);
      expect(answer.body.errors, name).toEqual({
        name: 'A built-in role has this name (in one of the app’s languages): choose another.',
      });
    }
    const key = await made('Owner team', ['admins.view']);
    const rename = await saveRole(owner, { key, name: 'support AGENT', permissions: ['admins.view'] });
    expect(rename.status).toBe(409);
    expect(Object.keys(rename.body.errors ?? {})).toEqual(['name']);
    expect((await stored(key))!.name).toBe('Owner team');
  });

  it('is said in the admin’s language', async () => {
    const answer = await post(
      server.url,
      '/api/admin/saverole',
      { name: 'Owner', permissions: ['admins.view'] },
      { ...as(owner), cookie: `${sessionCookie(owner)}; locale=fr` },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.errors?.name).toBe(
      'Un rôle intégré porte ce nom (dans l’une des langues de l’application)\u00a0: choisissez-en un autre.',
    );
  });
});
