import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '../../src/shared/api-keys/api-key-input';
import { SCOPE_NEEDS } from '../../src/shared/api-keys/scope-needs';
import { API_KEY_SCOPES } from '../../src/shared/roles/permissions';
import { db } from '../../src/server/db/client';
import { admins, apiKeys, auditLog, roles } from '../../src/server/db/schema';
import { adminWithRole } from '../support/admins';
import { post } from '../support/api';
import { appUsers, syncUsers } from '../support/api-keys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #38, item 5: a key's scopes stay within what its maker may do. Before, an admin whose
 * role held only `apikeys.manage` made a key with every scope, and created and blocked users with it.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** A custom role holding exactly `permissions` (prerequisites added by the role's own reading). */
async function roleWith(name: string, permissions: string[]): Promise<string> {
  const key = `custom-${name.toLowerCase().replace(/\W+/g, '-')}`;
  await (await db()).insert(roles).values({ key, name, permissions });
  return key;
}

async function makerWith(name: string, permissions: string[]) {
  return adminWithRole(await roleWith(name, permissions), name);
}

const addKey = (token: string, body: Record<string, unknown>) =>
  post<ApiKeyCreated>(server.url, '/api/admin/addapikey', body, { cookie: `session=${token}` });

const keysOf = async (adminId: number) =>
  (await db()).select().from(apiKeys).where(eq(apiKeys.createdBy, adminId));

describe('a key made by an admin who may not do everything', () => {
  it('refuses a scope beyond its maker (403 on `scopes`, naming it) and makes nothing', async () => {
    // The case: key management and nothing else.
    const bare = await makerWith('Keys only', ['apikeys.manage']);
    for (const scope of API_KEY_SCOPES) {
      const answer = await addKey(bare.token, { name: `Try ${scope}`, scopes: [scope] });
      expect(answer.status).toBe(403);
      expect(answer.body.errors).toHaveProperty('scopes');
      expect(answer.body.ResponseBody).toEqual({ scope, permission: SCOPE_NEEDS[scope][0] });
    }
    // Without `scopes` such a maker can give nothing at all.
    const plain = await addKey(bare.token, { name: 'Everything please' });
    expect(plain.status).toBe(403);
    expect(plain.body.errors).toHaveProperty('scopes');
    expect(await keysOf(bare.id)).toEqual([]);

    // users.write needs both users.edit and users.block.
    const editor = await makerWith('Editor', ['apikeys.manage', 'users.edit']);
    const users = await addKey(editor.token, { name: 'Users', scopes: ['games.write', 'users.write'] });
    expect(users.status).toBe(403);
    expect(users.body.ResponseBody).toEqual({ scope: 'users.write', permission: 'users.block' });
    expect(users.body.ResponseMessage).toContain('users.write');
    expect(await keysOf(editor.id)).toEqual([]);
  });

  it('gives a key made without `scopes` every scope its maker may give, and no more', async () => {
    const maker = await makerWith('Games and support', [
      'apikeys.manage',
      'games.view',
      'support.reply',
      'users.edit',
    ]);
    const answer = await addKey(maker.token, { name: 'What I may' });
    expect(answer.status).toBe(200);
    // users.edit brings users.view, which gives the standing call (users.read), not users.write.
    expect(answer.body.ResponseBody!.scopes).toEqual(['users.read', 'games.write', 'support.write']);
    const [stored] = await keysOf(maker.id);
    expect(stored!.scopes).toEqual(['users.read', 'games.write', 'support.write']);
    // The product API agrees: no users through this key.
    const refused = await syncUsers(server.url, answer.body.ResponseBody!.key, { users: appUsers(1, 'mk') });
    expect(refused.status).toBe(403);
    expect(refused.body.ResponseBody).toEqual({ scope: 'users.write' });
    // What it may give it gets when asked for it.
    const asked = await addKey(maker.token, { name: 'Games', scopes: ['games.write'] });
    expect(asked.status).toBe(200);
    expect(asked.body.ResponseBody!.scopes).toEqual(['games.write']);
    // `[]` is an error, never "everything".
    const none = await addKey(maker.token, { name: 'Nothing', scopes: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors).toHaveProperty('scopes');
  });

  it('reads the maker as the database has them now: a role taken away counts at once', async () => {
    const maker = await makerWith('Soon demoted', ['apikeys.manage', 'users.edit', 'users.block']);
    expect((await addKey(maker.token, { name: 'Before', scopes: ['users.write'] })).status).toBe(200);
    await (
      await db()
    )
      .update(roles)
      .set({ permissions: ['apikeys.manage', 'users.edit'] })
      .where(eq(roles.key, 'custom-soon-demoted'));
    const after = await addKey(maker.token, { name: 'After', scopes: ['users.write'] });
    expect(after.status).toBe(403);
    expect(after.body.ResponseBody).toEqual({ scope: 'users.write', permission: 'users.block' });
    await (await db()).update(admins).set({ role: 'readonly' }).where(eq(admins.id, maker.id));
    // Read-only may not manage keys at all: the route refuses before the service.
    expect((await addKey(maker.token, { name: 'Later', scopes: ['users.write'] })).status).toBe(403);
  });

  it('makes two keys asked for at once, each whole and audited', async () => {
    const maker = await makerWith('Twice', ['apikeys.manage', 'users.edit', 'users.block', 'puzzles.view']);
    const [one, two] = await Promise.all([
      addKey(maker.token, { name: 'Parallel one', scopes: ['users.write'] }),
      addKey(maker.token, { name: 'Parallel two' }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.ResponseBody!.id).not.toBe(two.body.ResponseBody!.id);
    expect(one.body.ResponseBody!.key).not.toBe(two.body.ResponseBody!.key);
    expect(two.body.ResponseBody!.scopes).toEqual(['users.read', 'users.write', 'puzzles.read']);
    const trail = await (
      await db()
    )
      .select({ target: auditLog.target })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'apikeys.create'), eq(auditLog.adminId, maker.id)));
    expect(trail.map((entry) => entry.target).sort()).toEqual(
      [`apikeys:${one.body.ResponseBody!.id}`, `apikeys:${two.body.ResponseBody!.id}`].sort(),
    );
    // Two at once beside a demotion: each key is made with the role it read, or refused.
    const racer = await makerWith('Racer', ['apikeys.manage', 'users.edit', 'users.block']);
    const [made] = await Promise.all([
      addKey(racer.token, { name: 'Race', scopes: ['users.write'] }),
      (async () => {
        await (
          await db()
        )
          .update(roles)
          .set({ permissions: ['apikeys.manage'] })
          .where(eq(roles.key, 'custom-racer'));
      })(),
    ]);
    expect([200, 403]).toContain(made.status);
    const after = await addKey(racer.token, { name: 'Race again', scopes: ['users.write'] });
    expect(after.status).toBe(403);
  });
});
