import type { Permission } from '../roles/permissions';
import type { AdminRow } from './admin-input';

/**
 * What the signed-in admin may do on the Administrators tab, worked out on the server (the page)
 * and only used to leave out what the server would refuse anyway.
 */
export interface AdminsAccess {
  /** `admins.manage`: invite, disable, change roles. */
  manage: boolean;
  /** Roles this admin may give, in the list's order: their permissions are all theirs. */
  grantable: string[];
  /** Every role key → its name in the page's language (built-in) or as made (custom). */
  roleNames: Record<string, string>;
  /** The admin's own permissions and whether they are an Owner. */
  mine: Permission[];
  owner: boolean;
}

/** The server's rule, mirrored: not yourself, not an Owner unless you are one, nobody who may do more. */
export function mayChange(access: AdminsAccess, admin: AdminRow): boolean {
  if (!access.manage || admin.is_self) return false;
  if (admin.role === 'owner' && !access.owner) return false;
  return admin.permissions.every((permission) => access.mine.includes(permission));
}
