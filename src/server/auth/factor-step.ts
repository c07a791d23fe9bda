import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { admins, type OtpChallenge } from '../db/schema';
import { HttpError } from '../http/errors';
import { logError } from '../log';
import { sendMail } from '../mail/mailer';
import { recoveryCodeUsedMail } from '../mail/mfa-messages';
import { checkAssertion } from '../mfa/passkeys';
import { recoveryCodesLeft, useRecoveryCode } from '../mfa/recovery-codes';
import { checkTotpCode } from '../mfa/totp';
import { afterWrongCode, claimCodeTry, consume, secondsUntil } from './challenges';
import { throttled } from './password-step';
import type { RequestMeta } from './request-meta';
import {
  claimTry,
  clearThrottle,
  FACTOR_CODES_PER_IP,
  factorCodesIpKey,
  factorCodesKey,
  settle,
  WRONG_FACTOR_CODES_PER_ACCOUNT,
  type Claim,
} from './throttle';

export type FactorCodeMethod = 'totp' | 'recovery';

class Refused extends Error {
  constructor(readonly retryAfter: number) {
    super('throttled');
  }
}

/**
 * Claims one try of an app or recovery code on the admin's count and the client address's, BEFORE
 * the code is compared (like the mailed codes, auth/throttle.ts): a blocked key refuses with 429 and
 * counts nothing. Used by the sign-in and by `reauth`.
 */
export async function claimFactorTry(tx: Tx, adminId: number, ip: string): Promise<Claim & { ok: true }> {
  const account = await claimTry(tx, factorCodesKey(adminId), WRONG_FACTOR_CODES_PER_ACCOUNT);
  if (!account.ok) throw new Refused(account.retryAfter);
  const address = await claimTry(tx, factorCodesIpKey(ip), FACTOR_CODES_PER_IP);
  if (!address.ok) throw new Refused(address.retryAfter);
  return account;
}

/** A right code: the account's count is cleared and the address gets its try back. */
export async function factorCodeRight(tx: Tx, adminId: number, ip: string): Promise<void> {
  await clearThrottle(tx, factorCodesKey(adminId));
  await settle(tx, factorCodesIpKey(ip), FACTOR_CODES_PER_IP);
}

/** Checks an app code (its step taken) or uses a recovery code, in the caller's transaction. */
export function checkFactorCode(tx: Tx, adminId: number, method: FactorCodeMethod, code: string) {
  return method === 'totp' ? checkTotpCode(tx, adminId, code) : useRecoveryCode(tx, adminId, code);
}

/** Runs `work` and turns a throttle refusal inside it into 429 (the transaction rolled back). */
export async function refusingWhenBlocked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Refused) throw throttled(error.retryAfter);
    throw error;
  }
}

type Outcome =
  | { kind: 'ok' }
  | { kind: 'spent'; reason: 'tooManyTries' | 'gone' }
  | { kind: 'wrong'; triesLeft: number; lockedUntil: Date | null };

/**
 * The second step with an app or recovery code. One of the challenge's five tries is claimed, then
 * the admin's and the address's counts, then the code is checked, all in one transaction: a code
 * is taken once even when it is sent twice at once. A recovery code used is audited and mailed.
 */
export async function verifyFactorCode(
  challenge: OtpChallenge,
  method: FactorCodeMethod,
  code: string,
  meta: RequestMeta,
): Promise<void> {
  const database = await db();
  const outcome = await refusingWhenBlocked(() =>
    database.transaction(async (tx): Promise<Outcome> => {
      const claimed = await claimCodeTry(tx, challenge.id);
      if (!claimed.ok) return { kind: 'spent', reason: claimed.reason };
      const account = await claimFactorTry(tx, challenge.adminId, meta.ip);
      if (await checkFactorCode(tx, challenge.adminId, method, code)) {
        if (!(await consume(tx, challenge.id))) return { kind: 'spent', reason: 'gone' };
        await factorCodeRight(tx, challenge.adminId, meta.ip);
        await audit(tx, { adminId: challenge.adminId, action: 'auth.login', detail: method, ip: meta.ip });
        if (method === 'recovery') {
          await audit(tx, { adminId: challenge.adminId, action: 'mfa.recovery_used', ip: meta.ip });
        }
        return { kind: 'ok' };
      }
      const triesLeft = await afterWrongCode(tx, challenge.id, claimed.attempts);
      await audit(tx, {
        adminId: challenge.adminId,
        action: 'auth.otp_failed',
        detail: `wrong ${method} code ${account.failures} in a row`,
        ip: meta.ip,
      });
      if (account.blockedUntil) {
        await audit(tx, {
          adminId: challenge.adminId,
          action: 'auth.account_locked',
          detail: `${account.failures} wrong app or recovery codes in a row; locked until ${account.blockedUntil.toISOString()}`,
          ip: meta.ip,
        });
      }
      return { kind: 'wrong', triesLeft, lockedUntil: account.blockedUntil };
    }),
  );
  if (outcome.kind === 'spent') throw new HttpError(410, `auth.otp.${outcome.reason}`);
  if (outcome.kind === 'wrong') {
    if (outcome.lockedUntil) throw throttled(secondsUntil(outcome.lockedUntil));
    if (outcome.triesLeft === 0) throw new HttpError(410, 'auth.otp.tooManyTries');
    throw new HttpError(400, 'auth.otp.wrong', {
      values: { number: outcome.triesLeft },
      fieldKeys: { otp: 'auth.otp.wrong' },
      body: { triesLeft: outcome.triesLeft },
    });
  }
  if (method === 'recovery') await mailRecoveryNotice(challenge.adminId);
}

/** Tells the admin a recovery code was used, and how many are left. A mail failure only logs. */
export async function mailRecoveryNotice(adminId: number): Promise<void> {
  const database = await db();
  const [admin] = await database.select().from(admins).where(eq(admins.id, adminId));
  if (!admin) return;
  const left = await recoveryCodesLeft(database, adminId);
  await sendMail(recoveryCodeUsedMail(admin.email, admin.locale, left)).catch((error: unknown) =>
    logError('mail.failed', error),
  );
}

/**
 * A sign-in with a passkey: after the password (`otpChallenge`, whose admin the passkey must be), or
 * alone (discoverable: the passkey names its admin). Returns the admin signed in.
 */
export async function verifyPasskeySignIn(
  otpChallenge: OtpChallenge | null,
  response: AuthenticationResponseJSON,
  meta: RequestMeta,
): Promise<number> {
  return (await db()).transaction(async (tx) => {
    const { adminId } = await checkAssertion(tx, response, 'signin');
    if (otpChallenge) {
      if (otpChallenge.adminId !== adminId || !(await consume(tx, otpChallenge.id))) {
        throw new HttpError(410, 'auth.otp.gone');
      }
    }
    await audit(tx, { adminId, action: 'auth.login', detail: 'passkey', ip: meta.ip });
    return adminId;
  });
}
