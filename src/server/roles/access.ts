import type { AdminsAccess } from '../../shared/admins/admin-access';
import { holdsAll } from '../../shared/roles/permissions';
import { builtInRoleLabelKeys } from '../../shared/roles/roles-labels';
import { translate, type T } from '../../lib/labels';
import type { SessionAdmin } from '../auth/sessions';
import { listRoles } from './list';

/** The Administrators tab's view of the roles for `admin`: names, and which ones they may give. */
export async function adminsAccess(admin: SessionAdmin, t: T): Promise<AdminsAccess> {
  const builtInNames: Record<string, string> = translate(t, builtInRoleLabelKeys);
  const roles = await listRoles();
  const owner = admin.role === 'owner';
  return {
    manage: admin.permissions.includes('admins.manage'),
    grantable: roles
      .filter((role) => (role.key !== 'owner' || owner) && holdsAll(admin.permissions, role.permissions))
      .map((role) => role.key),
    roleNames: Object.fromEntries(roles.map((role) => [role.key, builtInNames[role.key] ?? role.name])),
    mine: admin.permissions,
    owner,
  };
}
