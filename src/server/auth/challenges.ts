import { and, eq, isNull, sql } from 'drizzle-orm';
import { db, type Db, type Tx } from '../db/client';
import { otpChallenges, type OtpChallenge } from '../db/schema';
import { HttpError } from '../http/errors';
import { codeHash, codeMatches, CODE_TTL_MS, MAX_ATTEMPTS, MAX_SENDS, newCode, RESEND_AFTER_MS } from './otp';
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
  options: { tokenBytes: number; lifetimeMs: number },
): Promise<IssuedChallenge> {
  const token = newToken(options.tokenBytes);
  const code = newCode();
  const tokenHash = hashToken(token);
  const now = Date.now();
  const [challenge] = await tx
    .insert(otpChallenges)
    .values({
      adminId,
      purpose,
      tokenHash,
      codeHash: await codeHash(tokenHash, code),
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

export type CodeCheck = { ok: true } | { ok: false; triesLeft: number };

/**
 * Checks a code against a challenge. A wrong code costs one of the five tries, counted in the
 * database in one statement so parallel guesses cannot share a try; the fifth ends the challenge.
 */
export async function checkCode(tx: Tx, challenge: OtpChallenge, code: string): Promise<CodeCheck> {
  if (await codeMatches(challenge.tokenHash, code, challenge.codeHash)) return { ok: true };
  const [row] = await tx
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(eq(otpChallenges.id, challenge.id))
    .returning({ attempts: otpChallenges.attempts });
  const triesLeft = Math.max(0, MAX_ATTEMPTS - row!.attempts);
  if (triesLeft === 0)
    await tx.update(otpChallenges).set({ usedAt: new Date() }).where(eq(otpChallenges.id, challenge.id));
  return { ok: false, triesLeft };
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
