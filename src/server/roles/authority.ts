import { eq } from 'drizzle-orm';
import { holdsAll, roleGrants, type Permission } from '../../shared/roles/permissions';
import type { Db, Tx } from '../db/client';
import { admins, roles } from '../db/schema';
import { HttpError } from '../http/errors';
import type { I18nKey } from '../../i18n/keys';

/** An admin with what their role allows, as the database says now (inside the caller's transaction). */
export interface Holder {
  id: number;
  role: string;
  permissions: Permission[];
}

/** A role by key with its permissions (prerequisites included). */
export interface RoleGrant {
  key: string;
  permissions: readonly Permission[];
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

/**
 * The role `key` locked for a change (FOR UPDATE), then its holders. Two edits of one role queue
 * here, and the second reads the first's result: nobody cuts a permission that arrived while they
 * waited. Holding the lock also holds off a new holder (admins.role takes a key-share lock on the
 * row), so the holders read here are the ones the change reaches. Null when there is no such role.
 */
export async function lockRole(
  tx: Tx,
  key: string,
): Promise<{ name: string; stored: string[]; grant: RoleGrant; holders: Holder[] } | null> {
  const [row] = await tx
    .select({ name: roles.name, stored: roles.permissions })
    .from(roles)
    .where(eq(roles.key, key))
    .for('update');
  if (!row) return null;
  const permissions = roleGrants(key, row.stored);
  const held = await tx.select({ id: admins.id }).from(admins).where(eq(admins.role, key));
  const holders = held.map(({ id }) => ({ id, role: key, permissions }));
  return { ...row, grant: { key, permissions }, holders };
}

/** The request fields a refusal points at: the one naming the admin reached and the one naming the role. */
export interface RefusalFields {
  admin: string;
  role: string;
}

const DEFAULT_FIELDS: RefusalFields = { admin: 'id', role: 'role' };

const onlyOwners = (field: string) =>
  new HttpError(403, 'roles.api.onlyOwners', { fieldKeys: { [field]: 'roles.api.onlyOwners' } });

/** Refused with `messageKey` unless the actor holds every permission of `role` (an Owner's only as an Owner). */
function lacking(actor: Holder, role: RoleGrant, messageKey: I18nKey, field: string): void {
  if (role.key === 'owner' && actor.role !== 'owner') throw onlyOwners(field);
  const missing = role.permissions.find((permission) => !actor.permissions.includes(permission));
  if (missing) {
    throw new HttpError(403, messageKey, {
      fieldKeys: { [field]: messageKey },
      values: { permission: missing },
      body: { permission: missing },
    });
  }
}

/** Nobody changes an admin who may do more than they may; an Owner only another Owner. */
export function assertMayChange(actor: Holder, target: Holder, fields: RefusalFields = DEFAULT_FIELDS): void {
  if (target.role === 'owner' && actor.role !== 'owner') throw onlyOwners(fields.role);
  if (!holdsAll(actor.permissions, target.permissions)) {
    throw new HttpError(403, 'roles.api.outranked', { fieldKeys: { [fields.admin]: 'roles.api.outranked' } });
  }
}

/** What a change of who may do what touches, for `assertAuthority`. */
export interface Reach {
  /** Roles whose permissions are taken or rewritten, as they are now (an edited or deleted role). */
  before?: readonly RoleGrant[];
  /** Admins the change reaches (the one given a new role, a role's holders, a pending invitee). */
  holders?: readonly Holder[];
  /** The role given, or a role's new content. */
  after?: RoleGrant;
}

/**
 * The one rule for every change of who may do what (`saverole`, `deleterole`, `changeadminrole`,
 * `inviteadmin`): the actor holds every permission of the roles touched, as they were and as they
 * will be, so nobody cuts or deletes from below what they could not give; nobody the change
 * reaches may do more than the actor; and only an Owner touches the Owner role or an Owner. Call
 * it inside the change's transaction, with what it read there (locked), never the session's copy.
 */
export function assertAuthority(actor: Holder, reach: Reach, fields: RefusalFields = DEFAULT_FIELDS): void {
  for (const role of reach.before ?? []) lacking(actor, role, 'roles.api.cannotEdit', fields.role);
  for (const holder of reach.holders ?? []) assertMayChange(actor, holder, fields);
  if (reach.after) lacking(actor, reach.after, 'roles.api.cannotGrant', fields.role);
}

export const unknownRole = () =>
  new HttpError(400, 'api.error.validation', { fieldKeys: { role: 'roles.api.unknownRole' } });
