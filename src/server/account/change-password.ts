import { and, eq, ne } from 'drizzle-orm';
import { normalizePassword } from '../../shared/auth/password-text';
import type { ChangePasswordInput } from '../../shared/account/password-input';
import { audit } from '../audit/service';
import { confirmOwnPassword } from '../auth/password-step';
import { isTooGuessable } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import type { RequestMeta } from '../auth/request-meta';
import { clearAccountThrottles } from '../auth/throttle';
import { hashToken } from '../auth/tokens';
import { db } from '../db/client';
import { admins, sessions } from '../db/schema';
import { HttpError } from '../http/errors';
import { sendMailInBackground } from '../mail/mailer';
import { passwordChangedMail } from '../mail/messages';
import type { I18nKey } from '../../i18n/keys';

const onNewPassword = (key: I18nKey) =>
  new HttpError(400, 'api.error.validation', { fieldKeys: { new_password: key } });

/**
 * A signed-in admin replaces their password. The cheap checks on the new one come first and cost
 * no try; the current one is then checked on the sign-in counters (confirmOwnPassword). One
 * transaction sets the new hash, lifts `must_change_password`, ends every OTHER session of this
 * admin (the one making the request stays) and writes the audit row. It only lands if the hash
 * is still the one just checked, so of two parallel changes exactly one wins; the other is told
 * its current password is no longer right. The notice is mailed after the commit.
 */
export async function changePassword(
  adminId: number,
  sessionToken: string,
  input: ChangePasswordInput,
  meta: RequestMeta,
): Promise<{ signed_out: number }> {
  const database = await db();
  const [who] = await database
    .select({ email: admins.email, firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!who) throw new HttpError(401, 'api.error.unauthorized');
  if (normalizePassword(input.new_password) === normalizePassword(input.current_password)) {
    throw onNewPassword('changePassword.sameAsCurrent');
  }
  if (isTooGuessable(input.new_password, [who.email, who.firstName, who.lastName])) {
    throw onNewPassword('auth.password.tooGuessable');
  }

  const admin = await confirmOwnPassword(
    adminId,
    input.current_password,
    meta,
    'auth.password_change_failed',
  );
  if (!admin) {
    throw new HttpError(400, 'changePassword.wrongCurrent', {
      fieldKeys: { current_password: 'changePassword.wrongCurrent' },
    });
  }
  const passwordHash = await hashPassword(input.new_password);
  const signedOut = await database.transaction(async (tx) => {
    const [changed] = await tx
      .update(admins)
      .set({ passwordHash, mustChangePassword: false })
      .where(and(eq(admins.id, adminId), eq(admins.passwordHash, admin.passwordHash)))
      .returning({ id: admins.id });
    if (!changed) return null;
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.adminId, adminId), ne(sessions.tokenHash, hashToken(sessionToken))))
      .returning({ id: sessions.id });
    await clearAccountThrottles(tx, admin.email);
    await audit(tx, {
      adminId,
      action: 'auth.password_changed',
      detail: JSON.stringify({ sessions: ended.length }),
      ip: meta.ip,
    });
    return ended.length;
  });
  if (signedOut === null) {
    throw new HttpError(409, 'changePassword.changedMeanwhile', {
      fieldKeys: { current_password: 'changePassword.changedMeanwhile' },
    });
  }
  sendMailInBackground(passwordChangedMail(admin.email, admin.locale));
  return { signed_out: signedOut };
}
