import { eq } from 'drizzle-orm';
import type { ChangeAdminRoleInput } from '../../shared/admins/admin-input';
import type { AdminRow } from '../../shared/admins/admin-input';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { admins } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { assertAuthority, grantsOfRole, unknownRole } from '../roles/authority';
import { selectAdminRow } from './list';
import { adminNotFound } from './shared';
import { activeActor, activeOwners, lockAdmins } from './status';
import { auditTarget } from '../../shared/audit/vocabulary';

/**
 * `changeadminrole`. The actor must hold every permission of the new role and of the admin's
 * current one (an Owner only by an Owner): roles/authority.ts, the rule role edits share. Your own
 * role is changed by another Owner; the last active Owner keeps the role. The rows are locked as
 * for a status change, so two Owners demoting each other at once queue, and the second sees the
 * first's change: one of them wins. The change applies on the admin's next request (the session
 * reads the role each time). Asking for the role an admin already has changes nothing and writes
 * no audit row. A registered admin still waiting gets their role with an Owner's approval instead
 * (409).
 */
export async function changeAdminRole(input: ChangeAdminRoleInput, actor: Actor): Promise<AdminRow> {
  if (input.id === actor.adminId) {
    throw new HttpError(409, 'roles.api.notOwnRole', { fieldKeys: { role: 'roles.api.notOwnRole' } });
  }
  return (await db()).transaction(async (tx) => {
    const granted = await grantsOfRole(tx, input.role);
    if (!granted) throw unknownRole();
    const locked = await lockAdmins(tx, [input.id, actor.adminId]);
    const target = locked.find((row) => row.id === input.id);
    if (!target) throw adminNotFound();
    // A registered admin gets their role from the Owner who approves them (approval.ts).
    if (target.status === 'pending') {
      throw new HttpError(409, 'admins.api.awaitsApproval', {
        fieldKeys: { id: 'admins.api.awaitsApproval' },
      });
    }
    const me = activeActor(locked, actor);
    assertAuthority(me, { holders: [target], after: { key: input.role, permissions: granted } });
    if (target.role !== input.role) {
      const owners = activeOwners(locked);
      if (target.role === 'owner' && target.status === 'active' && owners.length <= 1) {
        throw new HttpError(409, 'roles.api.lastOwner', { fieldKeys: { role: 'roles.api.lastOwner' } });
      }
      await tx.update(admins).set({ role: input.role }).where(eq(admins.id, target.id));
      await audit(tx, {
        adminId: actor.adminId,
        action: 'admins.role',
        target: auditTarget('admins', target.id),
        detail: JSON.stringify({ from: target.role, to: input.role }),
        ip: actor.ip,
      });
    }
    return (await selectAdminRow(tx, target.id, actor.adminId))!;
  });
}
