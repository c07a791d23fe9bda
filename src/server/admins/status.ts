import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ChangeAdminStatusInput } from '../../shared/admins/admin-input';
import type { AdminRow } from '../../shared/admins/admin-input';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { adminInvites, admins, otpChallenges, roles, sessions, type AdminStatus } from '../db/schema';
import { roleGrants } from '../../shared/roles/permissions';
import { assertMayChange, type Holder } from '../roles/authority';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { openInvites } from './invite';
import { selectAdminRow } from './list';
import { adminNotFound, NO_PASSWORD_HASH } from './shared';
import type { I18nKey } from '../../i18n/keys';
import { auditTarget } from '../../shared/audit/vocabulary';

const refuse = (status: number, key: I18nKey, field: 'id' | 'status' = 'id') =>
  new HttpError(status, key, { fieldKeys: { [field]: key } });

/**
 * Every active admin's row, plus the target's and the actor's, locked in id order. Two admins
 * disabling each other at once therefore queue on the same first row; the second then sees the
 * first's change (READ COMMITTED re-reads a row it waited for) and counts what is really left.
 */
export async function lockAdmins(tx: Tx, ids: number[]): Promise<LockedAdmin[]> {
  // No join in the locking statement: when a row it waited for has changed role meanwhile,
  // PostgreSQL re-checks the join against the old role's row and would drop the admin silently.
  const rows = await tx
    .select({ id: admins.id, status: admins.status, passwordHash: admins.passwordHash, role: admins.role })
    .from(admins)
    .where(or(eq(admins.status, 'active'), inArray(admins.id, ids)))
    .orderBy(asc(admins.id))
    .for('update');
  const keys = [...new Set(rows.map((row) => row.role))];
  const stored = new Map(
    (
      await tx
        .select({ key: roles.key, permissions: roles.permissions })
        .from(roles)
        .where(inArray(roles.key, keys))
    ).map((role) => [role.key, role.permissions]),
  );
  return rows.map((row) => ({ ...row, permissions: roleGrants(row.role, stored.get(row.role)) }));
}

export interface LockedAdmin extends Holder {
  status: AdminStatus;
  passwordHash: string;
}

/** The active Owners among the locked rows: the last one may not lose the role or be disabled. */
export const activeOwners = (locked: LockedAdmin[]) =>
  locked.filter((row) => row.status === 'active' && row.role === 'owner');

/** The acting admin among the locked rows: still active, or the request is no longer theirs (401). */
export function activeActor(locked: LockedAdmin[], actor: Actor): LockedAdmin {
  const row = locked.find((candidate) => candidate.id === actor.adminId && candidate.status === 'active');
  if (!row) throw new HttpError(401, 'api.error.unauthorized');
  return row;
}

/**
 * Ends everything a disabled admin had going: sessions, account-API tokens (their version moves
 * on, so enabling the admin again does not revive them), invitation link, sign-in and reset codes.
 */
async function endAccess(tx: Tx, adminId: number): Promise<void> {
  const now = new Date();
  await tx
    .update(admins)
    .set({ tokenVersion: sql`${admins.tokenVersion} + 1` })
    .where(eq(admins.id, adminId));
  await tx.delete(sessions).where(eq(sessions.adminId, adminId));
  await tx.update(adminInvites).set({ usedAt: now }).where(openInvites(adminId));
  await tx
    .update(otpChallenges)
    .set({ usedAt: now })
    .where(and(eq(otpChallenges.adminId, adminId), isNull(otpChallenges.usedAt)));
}

/**
 * `changeadminstatus`. Disabling ends the admin's sessions and sign-in at once, and retires a
 * pending invitation; nobody may disable themselves, and the last active admin stays active.
 * Re-enabling gives back what the admin had: `active` (their old password still works) or, for
 * one who never accepted an invitation, `invited` again, with no live link: "Resend invitation"
 * mails a new one. An invited admin becomes active only by accepting (409 on `status`).
 * A registered admin waiting for approval is approved or rejected by an Owner, never changed here.
 * Asking for the status an admin already has changes nothing and writes no audit row.
 */
export async function changeAdminStatus(input: ChangeAdminStatusInput, actor: Actor): Promise<AdminRow> {
  if (input.status === 'disabled' && input.id === actor.adminId) {
    throw refuse(409, 'admins.api.notYourself');
  }
  return (await db()).transaction(async (tx) => {
    const locked = await lockAdmins(tx, [input.id, actor.adminId]);
    const target = locked.find((row) => row.id === input.id);
    if (!target) throw adminNotFound();
    // Disabling then re-enabling would make a registered admin active without an Owner's approval.
    if (target.status === 'pending') throw refuse(409, 'admins.api.awaitsApproval', 'status');
    const active = locked.filter((row) => row.status === 'active');
    let next: AdminStatus;
    if (input.status === 'disabled') {
      next = 'disabled';
      if (target.status === 'active' && active.length <= 1) throw refuse(409, 'admins.api.lastActive');
      const owners = activeOwners(locked);
      if (target.status === 'active' && target.role === 'owner' && owners.length <= 1) {
        throw refuse(409, 'roles.api.lastOwner');
      }
    } else {
      if (target.status === 'invited') throw refuse(409, 'admins.api.acceptFirst', 'status');
      next = target.passwordHash === NO_PASSWORD_HASH ? 'invited' : 'active';
    }
    // The request passed the guard, but its admin may have been disabled since (by a parallel call).
    assertMayChange(activeActor(locked, actor), target);
    if (target.status !== next) {
      await tx.update(admins).set({ status: next }).where(eq(admins.id, target.id));
      if (next === 'disabled') await endAccess(tx, target.id);
      await audit(tx, {
        adminId: actor.adminId,
        action: next === 'disabled' ? 'admins.disable' : 'admins.enable',
        target: auditTarget('admins', target.id),
        detail: JSON.stringify({ from: target.status, to: next }),
        ip: actor.ip,
      });
    }
    return (await selectAdminRow(tx, target.id, actor.adminId))!;
  });
}
