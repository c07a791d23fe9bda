import { eq } from 'drizzle-orm';
import type { AdminRow } from '../../shared/admins/admin-input';
import type { ApproveAdminInput, RejectAdminInput } from '../../shared/admins/approval-input';
import { audit } from '../audit/service';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { admins, roles } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { sendMailInBackground } from '../mail/mailer';
import { approvedMail } from '../mail/messages';
import { assertAuthority, grantsOfRole, unknownRole } from '../roles/authority';
import { selectAdminRow } from './list';
import { adminNotFound } from './shared';
import { activeActor, lockAdmins, type LockedAdmin } from './status';
import { auditTarget } from '../../shared/audit/vocabulary';

const onlyOwners = () =>
  new HttpError(403, 'admins.api.onlyOwnersApprove', { fieldKeys: { id: 'admins.api.onlyOwnersApprove' } });

const notPending = () =>
  new HttpError(409, 'admins.api.notPending', { fieldKeys: { id: 'admins.api.notPending' } });

/**
 * The waiting admin and the deciding Owner, locked as for any status change (id order), so two
 * decisions on one account queue and the second finds it no longer pending (409): exactly one wins.
 * The Owner rule is read from the database, not the session: a role lost a moment ago counts.
 */
async function lockDecision(
  tx: Tx,
  id: number,
  actor: Actor,
): Promise<{ me: LockedAdmin; target: LockedAdmin }> {
  const locked = await lockAdmins(tx, [id, actor.adminId]);
  const target = locked.find((row) => row.id === id);
  if (!target) throw adminNotFound();
  const me = activeActor(locked, actor);
  if (me.role !== 'owner') throw onlyOwners();
  if (target.status !== 'pending') throw notPending();
  return { me, target };
}

/**
 * `approveadmin` (Owners only): a registered admin becomes active with the chosen role (a known one
 * the Owner may give), audited as `admins.approve`, and is told by mail. The role applies on their
 * next request: the session reads status and role each time.
 */
export async function approveAdmin(input: ApproveAdminInput, actor: Actor): Promise<AdminRow> {
  const database = await db();
  const row = await database.transaction(async (tx) => {
    const granted = await grantsOfRole(tx, input.role);
    if (!granted) throw unknownRole();
    const { me, target } = await lockDecision(tx, input.id, actor);
    assertAuthority(me, { after: { key: input.role, permissions: granted } });
    await tx.update(admins).set({ status: 'active', role: input.role }).where(eq(admins.id, target.id));
    await audit(tx, {
      adminId: actor.adminId,
      action: 'admins.approve',
      target: auditTarget('admins', target.id),
      detail: JSON.stringify({ role: input.role }),
      ip: actor.ip,
    });
    return (await selectAdminRow(tx, target.id, actor.adminId))!;
  });
  const [approved] = await database
    .select({ email: admins.email, locale: admins.locale, firstName: admins.firstName, roleName: roles.name })
    .from(admins)
    .innerJoin(roles, eq(roles.key, admins.role))
    .where(eq(admins.id, row.id));
  if (approved) {
    sendMailInBackground(
      approvedMail(approved.email, approved.locale, {
        name: approved.firstName,
        role: row.role,
        roleName: approved.roleName,
        link: `${config().publicUrl}/`,
      }),
    );
  }
  return row;
}

/**
 * `rejectadmin` (Owners only): a registered admin's account is deleted, with its sessions and
 * codes (their foreign keys cascade), audited as `admins.reject`; the address may register again.
 */
export async function rejectAdmin(
  input: RejectAdminInput,
  actor: Actor,
): Promise<{ email: string; name: string }> {
  return (await db()).transaction(async (tx) => {
    const { target } = await lockDecision(tx, input.id, actor);
    const [gone] = await tx
      .delete(admins)
      .where(eq(admins.id, target.id))
      .returning({ email: admins.email, firstName: admins.firstName, lastName: admins.lastName });
    await audit(tx, {
      adminId: actor.adminId,
      action: 'admins.reject',
      target: auditTarget('admins', target.id),
      detail: JSON.stringify({ email: gone!.email }),
      ip: actor.ip,
    });
    return { email: gone!.email, name: `${gone!.firstName} ${gone!.lastName}`.trim() };
  });
}
