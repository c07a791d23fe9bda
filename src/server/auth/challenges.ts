import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { db, type Db, type Tx } from '../db/client';
import { otpChallenges, type OtpChallenge } from '../db/schema';
import { HttpError } from '../http/errors';
import { codeHash, CODE_TTL_MS, MAX_ATTEMPTS, MAX_SENDS, newCode, RESEND_AFTER_MS } from './otp';
import { hashToken, newToken } from './tokens';

export type Purpose = OtpChallenge['purpose'];

export interface IssuedChallenge {
  token: string;
  code: string;
  challenge: OtpChallenge;
}

/** Starts a challenge: a fresh token naming it and a code to mail. */
export async function issueChallenge(
  tx: Tx,
  adminId: number,
  purpose: Purpose,
  options: { tokenBytes: number; lifetimeMs: number; withCode?: boolean },
): Promise<IssuedChallenge> {
  const token = newToken(options.tokenBytes);
  // A sign-in finished with a second factor has no mailed code: nothing is stored that could match.
  const withCode = options.withCode ?? true;
  const code = withCode ? newCode() : '';
  const tokenHash = hashToken(token);
  const now = Date.now();
  const [challenge] = await tx
    .insert(otpChallenges)
    .values({
      adminId,
      purpose,
      tokenHash,
      codeHash: withCode ? await codeHash(tokenHash, code) : null,
      codeExpiresAt: new Date(now + CODE_TTL_MS),
      expiresAt: new Date(now + options.lifetimeMs),
    })
    .returning();
  return { token, code, challenge: challenge! };
}

/** The unused, unexpired challenge a token names, or null. */
export async function findLiveChallenge(token: string, purpose: Purpose): Promise<OtpChallenge | null> {
  const [challenge] = await (
    await db()
  )
    .select()
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.tokenHash, hashToken(token)),
        eq(otpChallenges.purpose, purpose),
        isNull(otpChallenges.usedAt),
      ),
    );
  if (!challenge || challenge.expiresAt.getTime() <= Date.now()) return null;
  return challenge;
}

export const secondsUntil = (at: Date) => Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000));

/** Replaces the code (resend), keeping the tries: 429 when too soon or when every resend is spent. */
export async function renewCode(
  tx: Tx,
  challenge: OtpChallenge,
): Promise<{ code: string; challenge: OtpChallenge }> {
  const nextAllowed = new Date(challenge.lastSentAt.getTime() + RESEND_AFTER_MS);
  if (challenge.sends >= MAX_SENDS) {
    throw new HttpError(429, 'auth.otp.noResendsLeft', { body: { resendsLeft: 0 } });
  }
  if (nextAllowed.getTime() > Date.now()) {
    const retryAfter = secondsUntil(nextAllowed);
    throw new HttpError(429, 'auth.otp.resendTooSoon', {
      values: { seconds: retryAfter },
      headers: { 'retry-after': String(retryAfter) },
      body: { retryAfter },
    });
  }
  const code = newCode();
  const now = Date.now();
  const [renewed] = await tx
    .update(otpChallenges)
    .set({
      codeHash: await codeHash(challenge.tokenHash, code),
      codeExpiresAt: new Date(now + CODE_TTL_MS),
      sends: challenge.sends + 1,
      lastSentAt: new Date(now),
      ...(challenge.purpose === 'login' ? { expiresAt: new Date(now + CODE_TTL_MS) } : {}),
    })
    .where(eq(otpChallenges.id, challenge.id))
    .returning();
  return { code, challenge: renewed! };
}

export type CodeTry =
  { ok: true; attempts: number; codeHash: string | null } | { ok: false; reason: 'tooManyTries' | 'gone' };

/**
 * Claims one of the five tries of a challenge BEFORE its code is compared: one statement adds the
 * try, and only while the challenge is unused and has tries left, so N parallel guesses count as N
 * and no more than five of them are ever compared. The row stays locked until the caller's
 * transaction ends, and the code hash comes from that locked row (a resend may have replaced it).
 */
export async function claimCodeTry(tx: Tx, challengeId: number): Promise<CodeTry> {
  const [row] = await tx
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(
      and(
        eq(otpChallenges.id, challengeId),
        isNull(otpChallenges.usedAt),
        lt(otpChallenges.attempts, MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: otpChallenges.attempts, codeHash: otpChallenges.codeHash });
  if (row) return { ok: true, ...row };
  const [spent] = await tx
    .select({ attempts: otpChallenges.attempts })
    .from(otpChallenges)
    .where(eq(otpChallenges.id, challengeId));
  return { ok: false, reason: spent && spent.attempts >= MAX_ATTEMPTS ? 'tooManyTries' : 'gone' };
}

/** After a wrong code: the tries left, and the challenge ended when none are. */
export async function afterWrongCode(tx: Tx, challengeId: number, attempts: number): Promise<number> {
  const triesLeft = Math.max(0, MAX_ATTEMPTS - attempts);
  if (triesLeft === 0)
    await tx.update(otpChallenges).set({ usedAt: new Date() }).where(eq(otpChallenges.id, challengeId));
  return triesLeft;
}

/** Marks a challenge used; false when someone else used it first. */
export async function consume(tx: Db | Tx, challengeId: number): Promise<boolean> {
  const rows = await tx
    .update(otpChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(otpChallenges.id, challengeId), isNull(otpChallenges.usedAt)))
    .returning({ id: otpChallenges.id });
  return rows.length === 1;
}
