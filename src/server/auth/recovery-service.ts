import { and, eq, isNull, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { config } from '../config';
import { db, type Tx } from '../db/client';
import { admins, loginThrottles, otpChallenges, sessions, type Admin } from '../db/schema';
import { HttpError } from '../http/errors';
import { sendMailInBackground } from '../mail/mailer';
import { passwordChangedMail, resetMail } from '../mail/messages';
import { consume, findLiveChallenge, issueChallenge } from './challenges';
import { findAdminByEmail, throttled } from './password-step';
import { codeMatches, MAX_ATTEMPTS, RESEND_AFTER_MS } from './otp';
import { hashPassword } from './passwords';
import { isTooGuessable } from './password-policy';
import type { RequestMeta } from './request-meta';
import {
  claimTries,
  clearAccountThrottles,
  clearThrottle,
  MAX_WRONG_RESET_CODES,
  PER_RESET_EMAIL,
  RESET_CODES_PER_IP,
  RESET_REQUESTS_PER_IP,
  resetCodeIpKey,
  resetCodeKey,
  resetRequestKey,
  resetSentKey,
  retryAfterSeconds,
  settle,
  WRONG_RESET_CODES_PER_EMAIL,
  wrongCodesKey,
  wrongResetCodesKey,
} from './throttle';
import { isSignedInStatus } from './sessions';
import { hashToken, newToken } from './tokens';
import { addressTarget } from '../../shared/audit/vocabulary';

const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** The reset an admin has open, if any: at most one, since a new request retires the old. */
const openReset = (adminId: number) =>
  and(eq(otpChallenges.adminId, adminId), eq(otpChallenges.purpose, 'reset'), isNull(otpChallenges.usedAt));

/**
 * Disabled and invited admins cannot recover a password: to recovery they are unknown addresses.
 * A pending one (registered, waiting for approval) chose a password and may reset it.
 */
const mayRecover = (admin: Admin | null): Admin | null =>
  admin && isSignedInStatus(admin.status) ? admin : null;

/**
 * Always answers the same. A known address gets a code and a link, at most once a minute; an
 * unknown one goes through the same steps with a stand-in for the sending. The address's five tries
 * per code come back only when a new code is (really or notionally) sent: asking again inside the
 * minute gives no tries back. Its wrong codes in a row across codes are never cleared here.
 */
export async function requestPasswordReset(email: string, meta: RequestMeta) {
  const database = await db();
  // Every request counts, counted before any work (so parallel requests count as many).
  const claim = await claimTries(database, [[resetRequestKey(meta.ip), RESET_REQUESTS_PER_IP]]);
  if (!claim.ok) throw throttled(claim.retryAfter);
  const admin = mayRecover(await findAdminByEmail(email));
  await database.transaction(async (tx) => {
    if (!admin) {
      // Same once-a-minute rule for addresses no admin has, so the counts cannot tell them apart.
      if (await claimSendSlot(tx, email)) await clearThrottle(tx, resetCodeKey(email));
      return;
    }
    // The admin's row lock keeps two parallel requests from both sending.
    await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, admin.id)).for('update');
    const [recent] = await tx
      .select({ lastSentAt: otpChallenges.lastSentAt })
      .from(otpChallenges)
      .where(openReset(admin.id));
    if (recent && Date.now() - recent.lastSentAt.getTime() < RESEND_AFTER_MS) return;
    // One live reset per admin: a new request retires the older code and link.
    await tx.update(otpChallenges).set({ usedAt: new Date() }).where(openReset(admin.id));
    const issued = await issueChallenge(tx, admin.id, 'reset', {
      tokenBytes: 16,
      lifetimeMs: RESET_LINK_TTL_MS,
    });
    await clearThrottle(tx, resetCodeKey(email));
    await audit(tx, { adminId: admin.id, action: 'auth.reset_requested', ip: meta.ip });
    const link = `${config().publicUrl}/reset-password?token=${issued.token}`;
    sendMailInBackground(resetMail(admin.email, admin.locale, issued.code, link));
  });
  return { email: email.trim().toLowerCase(), resendAfter: RESEND_AFTER_MS / 1000 };
}

/**
 * For an address no admin has: true at most once a minute (one atomic statement), standing in for
 * the code a real admin would be sent.
 */
async function claimSendSlot(tx: Tx, email: string): Promise<boolean> {
  const rows = await tx
    .insert(loginThrottles)
    .values({ key: resetSentKey(email), failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: { failures: sql`${loginThrottles.failures} + 1`, windowStartedAt: sql`now()` },
      setWhere: sql`${loginThrottles.windowStartedAt} <= now() - ${`${RESEND_AFTER_MS} milliseconds`}::interval`,
    })
    .returning({ key: loginThrottles.key });
  return rows.length > 0;
}

/**
 * Trades a mailed code for a reset token. The try is counted BEFORE the code is compared, per
 * client address (20 wrong codes an hour) and per email address typed, whether it exists or not
 * (five per code sent, and 10 in a row across codes), so every failure looks the same and parallel
 * guesses count as many. After the fifth the address must ask for a new code; after the tenth in a
 * row, new codes are refused too, for a day (only a right code or a password reset clears the count).
 */
export async function verifyResetCode(email: string, otp: string, meta: RequestMeta) {
  const keys = { ip: resetCodeIpKey(meta.ip), email: resetCodeKey(email), inARow: wrongResetCodesKey(email) };
  const database = await db();
  const claim = await claimTries(database, [
    [keys.ip, RESET_CODES_PER_IP],
    [keys.email, PER_RESET_EMAIL],
    [keys.inARow, WRONG_RESET_CODES_PER_EMAIL],
  ]);
  if (!claim.ok) {
    // Until every count is free again (the first refused one may not be the longest).
    const wait = Math.max(claim.retryAfter, await retryAfterSeconds(Object.values(keys)));
    const inARowBlocked = (await retryAfterSeconds([keys.inARow])) > 0;
    throw throttled(wait, inARowBlocked ? 'auth.reset.codesLocked' : 'auth.reset.tooManyTries');
  }
  const admin = mayRecover(await findAdminByEmail(email));
  const [challenge] = admin ? await database.select().from(otpChallenges).where(openReset(admin.id)) : [];
  const live =
    challenge && challenge.codeExpiresAt.getTime() > Date.now() && challenge.expiresAt.getTime() > Date.now();
  if (live && (await codeMatches(challenge.tokenHash, otp, challenge.codeHash))) {
    const resetToken = newToken(32);
    await database.transaction(async (tx) => {
      await tx
        .update(otpChallenges)
        .set({ tokenHash: hashToken(resetToken), codeHash: null })
        .where(eq(otpChallenges.id, challenge.id));
      // In the order claimTries locks them.
      await settle(tx, keys.ip, RESET_CODES_PER_IP);
      await clearThrottle(tx, keys.email);
      await clearThrottle(tx, keys.inARow);
    });
    return { resetToken };
  }
  const triesLeft = Math.max(0, MAX_ATTEMPTS - claim.failures[1]!);
  const inARow = claim.failures[2]!;
  await database.transaction(async (tx) => {
    await audit(tx, {
      adminId: admin?.id ?? null,
      action: 'auth.reset_code_failed',
      target: addressTarget(email),
      detail: `wrong reset code ${inARow} in a row`,
      ip: meta.ip,
    });
    if (inARow === MAX_WRONG_RESET_CODES) {
      await audit(tx, {
        adminId: admin?.id ?? null,
        action: 'auth.reset_codes_locked',
        target: addressTarget(email),
        detail: `${inARow} wrong reset codes in a row`,
        ip: meta.ip,
      });
    }
    // A code's fifth wrong try ends its challenge, link and all; the lock across codes does not, so
    // the link mailed with the next code stays the owner's way back in.
    if (triesLeft === 0 && challenge) await consume(tx, challenge.id);
  });
  if (inARow >= MAX_WRONG_RESET_CODES) {
    throw throttled(await retryAfterSeconds([keys.inARow]), 'auth.reset.codesLocked');
  }
  if (triesLeft === 0) throw new HttpError(410, 'auth.reset.tooManyTries');
  throw new HttpError(400, 'auth.reset.wrongCode', {
    values: { number: triesLeft },
    fieldKeys: { otp: 'auth.reset.wrongCode' },
    body: { triesLeft },
  });
}

/** Sets the new password, signs the admin out everywhere and tells them by mail. */
export async function resetPassword(resetToken: string, password: string, meta: RequestMeta) {
  const challenge = await findLiveChallenge(resetToken, 'reset');
  if (!challenge) throw new HttpError(410, 'auth.reset.gone');
  const database = await db();
  const [admin] = await database.select().from(admins).where(eq(admins.id, challenge.adminId));
  if (!admin || !isSignedInStatus(admin.status)) throw new HttpError(410, 'auth.reset.gone');
  if (isTooGuessable(password, [admin!.email, admin!.firstName, admin!.lastName])) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { password: 'auth.password.tooGuessable' },
    });
  }
  const passwordHash = await hashPassword(password);
  const done = await database.transaction(async (tx) => {
    if (!(await consume(tx, challenge.id))) return false;
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, admin!.id));
    await tx.delete(sessions).where(eq(sessions.adminId, admin!.id));
    await clearAccountThrottles(tx, admin!.email);
    await clearThrottle(tx, wrongCodesKey(admin!.id));
    await clearThrottle(tx, wrongResetCodesKey(admin!.email));
    await audit(tx, { adminId: admin!.id, action: 'auth.password_reset', ip: meta.ip });
    return true;
  });
  if (!done) throw new HttpError(410, 'auth.reset.gone');
  sendMailInBackground(passwordChangedMail(admin!.email, admin!.locale));
}
