import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AcceptInviteInput, InviteeView } from '../../shared/admins/admin-input';
import { inviteToken } from '../../shared/admins/admin-input';
import { audit } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import { isTooGuessable } from '../auth/password-policy';
import { clearAccountThrottles, clearThrottle, wrongCodesKey } from '../auth/throttle';
import { hashToken } from '../auth/tokens';
import { db } from '../db/client';
import { adminInvites, admins } from '../db/schema';
import { HttpError } from '../http/errors';

const gone = () => new HttpError(410, 'invite.gone');

/** A link that still works: not used or retired, not expired, and its admin still invited. */
async function liveInvite(token: string) {
  if (!inviteToken.safeParse(token).success) return null;
  const [row] = await (
    await db()
  )
    .select({
      inviteId: adminInvites.id,
      adminId: admins.id,
      first_name: admins.firstName,
      last_name: admins.lastName,
      email: admins.email,
    })
    .from(adminInvites)
    .innerJoin(admins, eq(admins.id, adminInvites.adminId))
    .where(
      and(
        eq(adminInvites.tokenHash, hashToken(token)),
        isNull(adminInvites.usedAt),
        gt(adminInvites.expiresAt, sql`now()`),
        eq(admins.status, 'invited'),
      ),
    );
  return row ?? null;
}

/** For the accept-invite page: who the link is for, or null when it no longer works. */
export async function findLiveInvite(token: string | null): Promise<InviteeView | null> {
  const invite = token ? await liveInvite(token) : null;
  return invite && { first_name: invite.first_name, last_name: invite.last_name, email: invite.email };
}

/**
 * `acceptinvite` (public): sets the admin's first password and makes them active. The password
 * rules are reset-password's. Single use even under parallel accepts: the link is claimed by one
 * conditional UPDATE (a second waits on the row, then finds it used), and the admin's status must
 * still be `invited` in the same transaction. It starts no session: the admin then signs in with
 * password and emailed code like everyone else.
 */
export async function acceptInvite(
  input: AcceptInviteInput,
  meta: { ip: string },
): Promise<{ email: string }> {
  const invite = await liveInvite(input.token);
  if (!invite) throw gone();
  if (isTooGuessable(input.password, [invite.email, invite.first_name, invite.last_name])) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { password: 'auth.password.tooGuessable' },
    });
  }
  const passwordHash = await hashPassword(input.password);
  await (
    await db()
  ).transaction(async (tx) => {
    const claimed = await tx
      .update(adminInvites)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(adminInvites.id, invite.inviteId),
          isNull(adminInvites.usedAt),
          gt(adminInvites.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: adminInvites.id });
    if (claimed.length === 0) throw gone();
    const activated = await tx
      .update(admins)
      .set({ passwordHash, status: 'active' })
      .where(and(eq(admins.id, invite.adminId), eq(admins.status, 'invited')))
      .returning({ id: admins.id });
    // Disabled meanwhile: throwing rolls the claim back too.
    if (activated.length === 0) throw gone();
    // Wrong guesses at this address before it had a password must not lock its owner out.
    await clearAccountThrottles(tx, invite.email);
    await clearThrottle(tx, wrongCodesKey(invite.adminId));
    await audit(tx, { adminId: invite.adminId, action: 'admins.invite_accepted', ip: meta.ip });
  });
  return { email: invite.email };
}
