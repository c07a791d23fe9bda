import { and, eq } from 'drizzle-orm';
import { config } from '../config';
import { db } from '../db/client';
import { admins, type Admin } from '../db/schema';
import { sendMailInBackground } from '../mail/mailer';
import { approvalRequestMail, registrationAttemptMail, registrationReceivedMail } from '../mail/messages';
import { adminByEmail } from './shared';

/** Where an Owner approves or rejects a registered account. */
export const approvalLink = () => `${config().publicUrl}/account-setting?tab=admins`;

/**
 * After a new account is registered: the newcomer is told it waits, every active Owner that it
 * waits for them. Sent after the answer, so neither a slow nor a refusing mail server changes it
 * (the answer for an address already taken must look the same).
 */
export async function announceRegistration(
  admin: Pick<Admin, 'email' | 'firstName' | 'lastName' | 'locale'>,
) {
  sendMailInBackground(
    registrationReceivedMail(admin.email, admin.locale, admin.firstName, `${config().publicUrl}/`),
  );
  const owners = await (
    await db()
  )
    .select({ email: admins.email, locale: admins.locale })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), eq(admins.status, 'active')));
  const name = `${admin.firstName} ${admin.lastName}`.trim();
  for (const owner of owners) {
    sendMailInBackground(
      approvalRequestMail(owner.email, owner.locale, { name, email: admin.email, link: approvalLink() }),
    );
  }
}

/** Someone registered with an address that already has an account: its holder is told, nobody else. */
export async function warnAddressHolder(email: string) {
  const [holder] = await (
    await db()
  )
    .select({ email: admins.email, locale: admins.locale })
    .from(admins)
    .where(adminByEmail(email));
  if (holder) {
    sendMailInBackground(registrationAttemptMail(holder.email, holder.locale, `${config().publicUrl}/`));
  }
}
