import { and, eq, isNull } from 'drizzle-orm';
import type { InviteAdminInput } from '../../shared/admins/admin-input';
import type { AdminRow } from '../../shared/admins/admin-input';
import { isLocale } from '../../i18n';
import { audit } from '../audit/service';
import { hashToken, newToken } from '../auth/tokens';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { adminInvites, admins } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { logError } from '../log';
import { sendMail } from '../mail/mailer';
import { inviteMail } from '../mail/messages';
import { assertAuthority, grantsOfRole, holderOf, type RefusalFields, unknownRole } from '../roles/authority';
import { selectAdminRow } from './list';
import { adminByEmail, INVITE_TOKEN_BYTES, INVITE_TTL_MS, NO_PASSWORD_HASH } from './shared';
import { auditTarget } from '../../shared/audit/vocabulary';

const emailTaken = () =>
  new HttpError(409, 'admins.api.emailTaken', { fieldKeys: { email: 'admins.api.emailTaken' } });

/** The links an admin has that still work (or would, until they expire): one at most. */
export const openInvites = (adminId: number) =>
  and(eq(adminInvites.adminId, adminId), isNull(adminInvites.usedAt));

/** A pending invitation is named by its address; the role by `role`. */
const PENDING_FIELDS: RefusalFields = { admin: 'email', role: 'role' };

/** The inviter's language becomes the new admin's: their invitation and sign-in mails come in it. */
const mailLocale = (locale: string) => (isLocale(locale) ? locale : 'en');

interface Issued {
  adminId: number;
  inviteId: number;
  token: string;
  resent: boolean;
}

/**
 * In one transaction: the admin row (new, or the still-invited one, locked), the older link
 * retired, a new link stored as a hash, and the audit row.
 */
async function issueInvite(tx: Tx, input: InviteAdminInput, actor: Actor, locale: string): Promise<Issued> {
  // The invitation carries the role: only one the inviter could give themselves.
  const granted = await grantsOfRole(tx, input.role);
  if (!granted) throw unknownRole();
  const inviter = await holderOf(tx, actor.adminId);
  if (!inviter) throw new HttpError(401, 'api.error.unauthorized');
  const after = { key: input.role, permissions: granted };
  assertAuthority(inviter, { after });
  const [existing] = await tx
    .select({ id: admins.id, status: admins.status })
    .from(admins)
    .where(adminByEmail(input.email))
    .for('update');
  if (existing && existing.status !== 'invited') throw emailTaken();
  if (existing) {
    // A re-send rewrites the pending invite: its current role is changed as an admin's would be,
    // so nobody turns an Owner's (or a stronger) invitation into their own. Read after the lock.
    const pending = await holderOf(tx, existing.id);
    if (pending) assertAuthority(inviter, { holders: [pending], after }, PENDING_FIELDS);
  }
  let adminId: number;
  if (existing) {
    adminId = existing.id;
    // A re-send: the names may have been corrected, and the older link stops working.
    await tx
      .update(admins)
      .set({
        firstName: input.first_name,
        lastName: input.last_name,
        locale: mailLocale(locale),
        role: input.role,
      })
      .where(eq(admins.id, adminId));
    await tx.update(adminInvites).set({ usedAt: new Date() }).where(openInvites(adminId));
  } else {
    const [created] = await tx
      .insert(admins)
      .values({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email.toLowerCase(),
        passwordHash: NO_PASSWORD_HASH,
        status: 'invited',
        locale: mailLocale(locale),
        role: input.role,
      })
      .returning({ id: admins.id });
    adminId = created!.id;
  }
  const token = newToken(INVITE_TOKEN_BYTES);
  const [invite] = await tx
    .insert(adminInvites)
    .values({
      adminId,
      tokenHash: hashToken(token),
      invitedBy: actor.adminId,
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    })
    .returning({ id: adminInvites.id });
  await audit(tx, {
    adminId: actor.adminId,
    action: 'admins.invite',
    target: auditTarget('admins', adminId),
    detail: JSON.stringify({ email: input.email.toLowerCase(), resent: Boolean(existing), role: input.role }),
    ip: actor.ip,
  });
  return { adminId, inviteId: invite!.id, token, resent: Boolean(existing) };
}

/** Two parallel invites of one new address: the unique index lets one insert; the other re-sends. */
async function issueOnce(input: InviteAdminInput, actor: Actor, locale: string): Promise<Issued> {
  const database = await db();
  try {
    return await database.transaction((tx) => issueInvite(tx, input, actor, locale));
  } catch (error) {
    if (!isUniqueViolation(error, 'admins_email_key')) throw error;
    return database.transaction((tx) => issueInvite(tx, input, actor, locale));
  }
}

/**
 * `inviteadmin`: creates an invited admin (or re-sends to one still invited) and mails them a
 * single-use set-password link, valid 24 hours, built from PUBLIC_URL only. The mail goes after
 * the commit; if it cannot be sent, the new link is retired at once (no live link nobody has) and
 * the answer says so: the admin stays in the list as invited, and "Resend invitation" tries again.
 * The mail is in the inviter's language, which also becomes the new admin's.
 */
export async function inviteAdmin(input: InviteAdminInput, actor: Actor, locale: string): Promise<AdminRow> {
  const issued = await issueOnce(input, actor, locale);
  const database = await db();
  const [admin] = await database
    .select({ email: admins.email, firstName: admins.firstName, locale: admins.locale })
    .from(admins)
    .where(eq(admins.id, issued.adminId));
  const [inviter] = await database
    .select({ firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .where(eq(admins.id, actor.adminId));
  const link = `${config().publicUrl}/accept-invite?token=${issued.token}`;
  try {
    await sendMail(
      inviteMail(admin!.email, locale, {
        name: admin!.firstName,
        inviter: `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim(),
        link,
        hours: INVITE_TTL_MS / 3_600_000,
      }),
    );
  } catch (error) {
    logError('mail.failed', error);
    await database.transaction(async (tx) => {
      await tx
        .update(adminInvites)
        .set({ usedAt: new Date() })
        .where(and(eq(adminInvites.id, issued.inviteId), isNull(adminInvites.usedAt)));
      await audit(tx, {
        adminId: actor.adminId,
        action: 'admins.invite_failed',
        target: auditTarget('admins', issued.adminId),
        detail: 'the invitation mail could not be sent; its link was retired',
        ip: actor.ip,
      });
    });
    // 503 + Retry-After, as for a sign-in code the mail server would not take: try again shortly.
    throw new HttpError(503, 'admins.api.mailFailed', {
      values: { email: admin!.email },
      headers: { 'retry-after': '30' },
    });
  }
  return (await selectAdminRow(database, issued.adminId, actor.adminId))!;
}
