import { eq } from 'drizzle-orm';
import { holdsAll, roleGrants, type Permission } from '../../features/roles/permissions';
import type { Db, Tx } from '../db/client';
import { admins, roles } from '../db/schema';
import { HttpError } from '../http/errors';

/** An admin with what their role allows, as the database says now (inside the caller's transaction). */
export interface Holder {
  id: number;
  role: string;
  permissions: Permission[];
}

/** A role's permissions by key, or null when there is no such role. */
export async function grantsOfRole(run: Db | Tx, key: string): Promise<Permission[] | null> {
  const [row] = await run.select({ permissions: roles.permissions }).from(roles).where(eq(roles.key, key));
  return row ? roleGrants(key, row.permissions) : null;
}

export async function holderOf(run: Db | Tx, adminId: number): Promise<Holder | null> {
  const [row] = await run
    .select({ id: admins.id, role: admins.role, stored: roles.permissions })
    .from(admins)
    .innerJoin(roles, eq(roles.key, admins.role))
    .where(eq(admins.id, adminId));
  return row ? { id: row.id, role: row.role, permissions: roleGrants(row.role, row.stored) } : null;
}

const onlyOwners = () =>
  new HttpError(403, 'roles.api.onlyOwners', { fieldKeys: { role: 'roles.api.onlyOwners' } });

/**
 * Nobody grants what they do not hold: the role `key` (with `permissions`) may be given only by an
 * admin who holds every one of them, and the Owner role only by an Owner.
 */
export function assertMayGrant(actor: Holder, key: string, permissions: readonly Permission[]): void {
  if (key === 'owner' && actor.role !== 'owner') throw onlyOwners();
  const missing = permissions.find((permission) => !actor.permissions.includes(permission));
  if (missing) {
    throw new HttpError(403, 'roles.api.cannotGrant', {
      fieldKeys: { role: 'roles.api.cannotGrant' },
      values: { permission: missing },
      body: { permission: missing },
    });
  }
}

/** Nobody changes an admin who may do more than they may; an Owner only another Owner. */
export function assertMayChange(actor: Holder, target: Holder): void {
  if (target.role === 'owner' && actor.role !== 'owner') throw onlyOwners();
  if (!holdsAll(actor.permissions, target.permissions)) {
    throw new HttpError(403, 'roles.api.outranked', { fieldKeys: { id: 'roles.api.outranked' } });
  }
}

export const unknownRole = () =>
  new HttpError(400, 'api.error.validation', { fieldKeys: { role: 'roles.api.unknownRole' } });
