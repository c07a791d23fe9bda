import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { isBuiltInRole, withPrerequisites } from '../../features/roles/permissions';
import type { DeleteRoleInput, RoleRow, SaveRoleInput } from '../../features/roles/role-input';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { hasSqlState, isUniqueViolation } from '../db/errors';
import { admins, roles } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { assertMayGrant, holderOf } from './authority';
import { listRoles } from './list';

const notFound = () => new HttpError(404, 'roles.api.notFound', { fieldKeys: { key: 'roles.api.notFound' } });
const builtIn = () => new HttpError(409, 'roles.api.builtIn', { fieldKeys: { key: 'roles.api.builtIn' } });

const nameTaken = () =>
  new HttpError(409, 'roles.api.nameTaken', { fieldKeys: { name: 'roles.api.nameTaken' } });

async function actingHolder(tx: Tx, actor: Actor) {
  const holder = await holderOf(tx, actor.adminId);
  if (!holder) throw new HttpError(401, 'api.error.unauthorized');
  return holder;
}

async function assertNameFree(tx: Tx, name: string, key: string | undefined): Promise<void> {
  const [clash] = await tx
    .select({ key: roles.key })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), key ? ne(roles.key, key) : undefined));
  if (clash) throw nameTaken();
}

async function rowOf(tx: Tx, key: string): Promise<RoleRow> {
  return (await listRoles(tx)).find((row) => row.key === key)!;
}

/**
 * `saverole`: a new custom role, or a change to one (its name, its permissions). Prerequisites are
 * added; nobody puts a permission they do not hold into a role. Members get the change on their
 * next request. Built-in roles are fixed (409).
 */
export async function saveRole(input: SaveRoleInput, actor: Actor): Promise<RoleRow> {
  if (input.key && isBuiltInRole(input.key)) throw builtIn();
  try {
    return await writeRole(input, actor);
  } catch (error) {
    // Two saves of one new name at once: the unique index lets one through.
    if (isUniqueViolation(error, 'roles_name_key')) throw nameTaken();
    throw error;
  }
}

async function writeRole(input: SaveRoleInput, actor: Actor): Promise<RoleRow> {
  const permissions = withPrerequisites(input.permissions);
  return (await db()).transaction(async (tx) => {
    assertMayGrant(await actingHolder(tx, actor), input.key ?? '', permissions);
    await assertNameFree(tx, input.name, input.key);
    let key = input.key;
    let before: { name: string; permissions: string[] } | null = null;
    if (key) {
      const [old] = await tx
        .select({ name: roles.name, permissions: roles.permissions })
        .from(roles)
        .where(eq(roles.key, key))
        .for('update');
      if (!old) throw notFound();
      before = old;
      await tx.update(roles).set({ name: input.name, permissions }).where(eq(roles.key, key));
    } else {
      key = `custom-${randomBytes(6).toString('hex')}`;
      await tx.insert(roles).values({ key, name: input.name, permissions });
    }
    const after = { name: input.name, permissions };
    const changed = !before || JSON.stringify(before) !== JSON.stringify(after);
    if (changed) {
      await audit(tx, {
        adminId: actor.adminId,
        action: before ? 'role.update' : 'role.create',
        target: `role:${key}`,
        detail: JSON.stringify(before ? { before, after } : after),
        ip: actor.ip,
      });
    }
    return rowOf(tx, key);
  });
}

/** `deleterole`: a custom role nobody holds (409 naming how many do); built-in roles stay. */
export async function deleteRole(input: DeleteRoleInput, actor: Actor): Promise<void> {
  if (isBuiltInRole(input.key)) throw builtIn();
  const database = await db();
  try {
    await database.transaction(async (tx) => {
      await actingHolder(tx, actor);
      const [gone] = await tx
        .delete(roles)
        .where(eq(roles.key, input.key))
        .returning({ name: roles.name, permissions: roles.permissions });
      if (!gone) throw notFound();
      await audit(tx, {
        adminId: actor.adminId,
        action: 'role.delete',
        target: `role:${input.key}`,
        detail: JSON.stringify(gone),
        ip: actor.ip,
      });
    });
  } catch (error) {
    // The foreign key from admins.role: held by at least one admin. PostgreSQL reports its RESTRICT
    // as 23503 (foreign_key_violation), PGlite as 23001 (restrict_violation).
    if (!hasSqlState(error, '23503') && !hasSqlState(error, '23001')) throw error;
    const [{ n = 0 } = {}] = await database
      .select({ n: sql<number>`count(*)::int` })
      .from(admins)
      .where(eq(admins.role, input.key));
    throw new HttpError(409, 'roles.api.inUse', {
      fieldKeys: { key: 'roles.api.inUse' },
      values: { count: n },
    });
  }
}
