import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { isBuiltInRole, withPrerequisites } from '../../shared/roles/permissions';
import type { DeleteRoleInput, RoleRow, SaveRoleInput } from '../../shared/roles/role-input';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { hasSqlState, isUniqueViolation } from '../db/errors';
import { admins, roles } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { assertAuthority, holderOf, lockRole, type RefusalFields } from './authority';
import { listRoles } from './list';
import { assertNameFree, nameTaken } from './role-name';
import { auditTarget } from '../../shared/audit/vocabulary';

const notFound = () => new HttpError(404, 'roles.api.notFound', { fieldKeys: { key: 'roles.api.notFound' } });
const builtIn = () => new HttpError(409, 'roles.api.builtIn', { fieldKeys: { key: 'roles.api.builtIn' } });

/** A role's refusals: a permission under the permissions, a holder who outranks you on the role. */
const FIELDS: RefusalFields = { admin: 'key', role: 'permissions' };

async function actingHolder(tx: Tx, actor: Actor) {
  const holder = await holderOf(tx, actor.adminId);
  if (!holder) throw new HttpError(401, 'api.error.unauthorized');
  return holder;
}

async function rowOf(tx: Tx, key: string): Promise<RoleRow> {
  return (await listRoles(tx)).find((row) => row.key === key)!;
}

/**
 * `saverole`: a new custom role, or a change to one (its name, its permissions). Prerequisites are
 * added. Nobody puts a permission they do not hold into a role, nor edits a role holding one, nor
 * one held by an admin who may do more than they may (roles/authority.ts). Members get the change
 * on their next request. Built-in roles are fixed (409).
 */
export async function saveRole(input: SaveRoleInput, actor: Actor): Promise<RoleRow> {
  if (input.key && isBuiltInRole(input.key)) {
    if (input.require_mfa === undefined) throw builtIn();
    return setBuiltInRequirement(input.key, input.require_mfa, actor);
  }
  try {
    return await writeRole(input, actor);
  } catch (error) {
    // Two saves of one new name at once: the unique index lets one through.
    if (isUniqueViolation(error, 'roles_name_key')) throw nameTaken();
    throw error;
  }
}

const onlyOwners = () =>
  new HttpError(403, 'roles.api.mfaOwnersOnly', { fieldKeys: { require_mfa: 'roles.api.mfaOwnersOnly' } });

/** Whether a role requires a second factor is the Owners' call, on any role (read from the database). */
async function assertOwner(tx: Tx, actor: Actor): Promise<void> {
  if ((await actingHolder(tx, actor)).role !== 'owner') throw onlyOwners();
}

/** A built-in role's one changeable setting: whether its holders need a second factor. */
async function setBuiltInRequirement(key: string, requireMfa: boolean, actor: Actor): Promise<RoleRow> {
  return (await db()).transaction(async (tx) => {
    const [before] = await tx
      .select({ requireMfa: roles.requireMfa })
      .from(roles)
      .where(eq(roles.key, key))
      .for('update');
    if (!before) throw notFound();
    if (before.requireMfa !== requireMfa) {
      await assertOwner(tx, actor);
      await tx.update(roles).set({ requireMfa }).where(eq(roles.key, key));
      await audit(tx, {
        adminId: actor.adminId,
        action: 'roles.update',
        target: auditTarget('roles', key),
        detail: JSON.stringify({
          before: { require_mfa: before.requireMfa },
          after: { require_mfa: requireMfa },
        }),
        ip: actor.ip,
      });
    }
    return rowOf(tx, key);
  });
}

async function writeRole(input: SaveRoleInput, actor: Actor): Promise<RoleRow> {
  const permissions = withPrerequisites(input.permissions);
  return (await db()).transaction(async (tx) => {
    let key = input.key;
    let before: { name: string; permissions: string[]; require_mfa?: boolean } | null = null;
    let requireMfa = input.require_mfa ?? false;
    if (key) {
      // Locked first, then judged: an edit that waited judges what the one before it left.
      const locked = await lockRole(tx, key);
      if (!locked) throw notFound();
      const reach = { before: [locked.grant], holders: locked.holders, after: { key, permissions } };
      assertAuthority(await actingHolder(tx, actor), reach, FIELDS);
      await assertNameFree(tx, input.name, key);
      const [stored] = await tx
        .select({ requireMfa: roles.requireMfa })
        .from(roles)
        .where(eq(roles.key, key));
      requireMfa = input.require_mfa ?? stored!.requireMfa;
      if (requireMfa !== stored!.requireMfa) await assertOwner(tx, actor);
      before = { name: locked.name, permissions: locked.stored };
      if (requireMfa !== stored!.requireMfa) before.require_mfa = stored!.requireMfa;
      await tx.update(roles).set({ name: input.name, permissions, requireMfa }).where(eq(roles.key, key));
    } else {
      assertAuthority(await actingHolder(tx, actor), { after: { key: '', permissions } }, FIELDS);
      if (requireMfa) await assertOwner(tx, actor);
      await assertNameFree(tx, input.name, undefined);
      key = `custom-${randomBytes(6).toString('hex')}`;
      await tx.insert(roles).values({ key, name: input.name, permissions, requireMfa });
    }
    const after: { name: string; permissions: string[]; require_mfa?: boolean } = {
      name: input.name,
      permissions,
    };
    if (before?.require_mfa !== undefined || (!before && requireMfa)) after.require_mfa = requireMfa;
    const changed = !before || JSON.stringify(before) !== JSON.stringify(after);
    if (changed) {
      await audit(tx, {
        adminId: actor.adminId,
        action: before ? 'roles.update' : 'roles.create',
        target: auditTarget('roles', key),
        detail: JSON.stringify(before ? { before, after } : after),
        ip: actor.ip,
      });
    }
    return rowOf(tx, key);
  });
}

const inUse = (count: number) =>
  new HttpError(409, 'roles.api.inUse', { fieldKeys: { key: 'roles.api.inUse' }, values: { count } });

/**
 * `deleterole`: a custom role nobody holds (409 naming how many do), and only by an admin holding
 * every permission in it; built-in roles stay.
 */
export async function deleteRole(input: DeleteRoleInput, actor: Actor): Promise<void> {
  if (isBuiltInRole(input.key)) throw builtIn();
  const database = await db();
  try {
    await database.transaction(async (tx) => {
      const locked = await lockRole(tx, input.key);
      if (!locked) throw notFound();
      assertAuthority(
        await actingHolder(tx, actor),
        { before: [locked.grant], holders: locked.holders },
        FIELDS,
      );
      if (locked.holders.length) throw inUse(locked.holders.length);
      await tx.delete(roles).where(eq(roles.key, input.key));
      await audit(tx, {
        adminId: actor.adminId,
        action: 'roles.delete',
        target: auditTarget('roles', input.key),
        detail: JSON.stringify({ name: locked.name, permissions: locked.stored }),
        ip: actor.ip,
      });
    });
  } catch (error) {
    // The foreign key from admins.role, the last line should a holder slip in: PostgreSQL reports
    // its RESTRICT as 23503 (foreign_key_violation), PGlite as 23001 (restrict_violation).
    if (!hasSqlState(error, '23503') && !hasSqlState(error, '23001')) throw error;
    const [{ n = 0 } = {}] = await database
      .select({ n: sql<number>`count(*)::int` })
      .from(admins)
      .where(eq(admins.role, input.key));
    throw inUse(n);
  }
}
