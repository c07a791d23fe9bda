import { inArray } from 'drizzle-orm';
import { audit } from '../audit/service';
import { adminNotFound } from '../admins/shared';
import { db } from '../db/client';
import { admins } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { logError } from '../log';
import { sendMail } from '../mail/mailer';
import { factorsResetMail } from '../mail/mfa-messages';
import { removeAllFactors } from './factors';
import { auditTarget } from '../../shared/audit/vocabulary';

/**
 * `resetadminmfa` (Owners only, checked against the database, not the session): every factor and
 * recovery code of another admin goes, so one locked out of all of them can sign in with the mailed
 * code and set new ones up. Audited; the admin is told by mail.
 */
export async function resetAdminFactors(id: number, actor: Actor): Promise<void> {
  if (id === actor.adminId) {
    throw new HttpError(409, 'mfa.api.resetSelf', { fieldKeys: { id: 'mfa.api.resetSelf' } });
  }
  const target = await (
    await db()
  ).transaction(async (tx) => {
    const locked = await tx
      .select({ id: admins.id, role: admins.role, email: admins.email, locale: admins.locale })
      .from(admins)
      .where(inArray(admins.id, [id, actor.adminId]))
      .orderBy(admins.id)
      .for('update');
    const me = locked.find((row) => row.id === actor.adminId);
    if (me?.role !== 'owner') throw new HttpError(403, 'mfa.api.onlyOwners');
    const them = locked.find((row) => row.id === id);
    if (!them) throw adminNotFound();
    await removeAllFactors(tx, id);
    await audit(tx, {
      adminId: actor.adminId,
      action: 'mfa.reset',
      target: auditTarget('admins', id),
      ip: actor.ip,
    });
    return them;
  });
  await sendMail(factorsResetMail(target.email, target.locale)).catch((error: unknown) =>
    logError('mail.failed', error),
  );
}
