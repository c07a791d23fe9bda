import { eq } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { admins, otpChallenges, type Admin, type OtpChallenge } from '../db/schema';
import { HttpError } from '../http/errors';
import { logError } from '../log';
import { sendMail, type Mail } from '../mail/mailer';
import { signInCodeMail } from '../mail/messages';
import {
  afterWrongCode,
  claimCodeTry,
  consume,
  findLiveChallenge,
  issueChallenge,
  renewCode,
  secondsUntil,
} from './challenges';
import { defaultCodeMethod, factorsOf, methodsOf, type SignInMethod } from '../mfa/factors';
import type { CodeMethod } from '../../shared/mfa/mfa-input';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { assertionOptions } from '../mfa/passkeys';
import { startGraceIfOwed } from '../mfa/requirement';
import { verifyFactorCode, verifyPasskeySignIn } from './factor-step';
import { CODE_TTL_MS, codeMatches, MAX_SENDS, RESEND_AFTER_MS } from './otp';
import { checkPassword, throttled } from './password-step';
import type { RequestMeta } from './request-meta';
import { createSession, isSignedInStatus } from './sessions';
import { claimTry, clearThrottle, WRONG_CODES_PER_ACCOUNT, wrongCodesKey } from './throttle';

export interface AdminData {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile: string | null;
}

export const toAdminData = (
  admin: Pick<Admin, 'id' | 'firstName' | 'lastName' | 'email' | 'profile'>,
): AdminData => ({
  id: admin.id,
  first_name: admin.firstName,
  last_name: admin.lastName,
  email: admin.email,
  profile: admin.profile,
});

/** How long to tell a client to wait when the mail server does not take a code. */
const MAIL_RETRY_AFTER_S = 30;

/**
 * Sends a code mail. When the mail server is down or refuses it, `undo` puts the challenge back as
 * it was (nothing half-made is left), the failure is logged without the address or the code, and
 * the answer is 503 with Retry-After: the person can try again in a moment.
 */
async function sendCode(mail: Mail, undo: () => Promise<unknown>): Promise<void> {
  try {
    await sendMail(mail);
  } catch (error) {
    await undo();
    logError('mail.failed', error);
    throw new HttpError(503, 'auth.mailUnavailable', {
      headers: { 'retry-after': String(MAIL_RETRY_AFTER_S) },
      body: { retryAfter: MAIL_RETRY_AFTER_S },
    });
  }
}

/**
 * Step one: the password (see checkPassword). A right pair names the challenge of step two and the
 * `methods` it takes: an admin with a second factor is offered theirs and no code is mailed; one
 * without gets the mailed code.
 */
export async function login(email: string, password: string, meta: RequestMeta) {
  const admin = await checkPassword(email, password, meta, 'auth.login_failed');
  const database = await db();
  const methods = methodsOf(await factorsOf(database, admin.id));
  const mailed = methods.includes('email');
  const issued = await database.transaction((tx) =>
    issueChallenge(tx, admin.id, 'login', { tokenBytes: 32, lifetimeMs: CODE_TTL_MS, withCode: mailed }),
  );
  if (mailed) {
    await sendCode(signInCodeMail(admin.email, admin.locale, issued.code), () =>
      database.delete(otpChallenges).where(eq(otpChallenges.id, issued.challenge.id)),
    );
  }
  return {
    otpRequired: true as const,
    otpToken: issued.token,
    email: admin.email,
    expiresAt: issued.challenge.codeExpiresAt.toISOString(),
    resendAfter: RESEND_AFTER_MS / 1000,
    methods,
  };
}

/** The methods a pending sign-in's admin may finish with (their factors now, not at the password). */
export async function signInMethods(adminId: number): Promise<SignInMethod[]> {
  return methodsOf(await factorsOf(await db(), adminId));
}

const methodUnavailable = () =>
  new HttpError(400, 'mfa.api.methodUnavailable', { fieldKeys: { method: 'mfa.api.methodUnavailable' } });

async function liveLoginChallenge(otpToken: string) {
  const challenge = await findLiveChallenge(otpToken, 'login');
  if (!challenge) throw new HttpError(410, 'auth.otp.gone');
  return challenge;
}

export async function resendSignInCode(otpToken: string) {
  const challenge = await liveLoginChallenge(otpToken);
  // An admin with a second factor is never mailed a code: the mailbox is not a factor.
  if (!(await signInMethods(challenge.adminId)).includes('email')) throw methodUnavailable();
  const database = await db();
  const { code, challenge: renewed } = await database.transaction((tx) => renewCode(tx, challenge));
  const [admin] = await database.select().from(admins).where(eq(admins.id, renewed.adminId));
  // Undone, the code sent last stays the one that works, and a resend may be asked for again at once.
  await sendCode(signInCodeMail(admin!.email, admin!.locale, code), () => restoreCode(challenge));
  return {
    expiresAt: renewed.codeExpiresAt.toISOString(),
    resendAfter: RESEND_AFTER_MS / 1000,
    resendsLeft: MAX_SENDS - renewed.sends,
  };
}

async function restoreCode(before: OtpChallenge) {
  const { codeHash, codeExpiresAt, sends, lastSentAt, expiresAt } = before;
  await (
    await db()
  )
    .update(otpChallenges)
    .set({ codeHash, codeExpiresAt, sends, lastSentAt, expiresAt })
    .where(eq(otpChallenges.id, before.id));
}

type CodeOutcome =
  | { kind: 'ok' }
  | { kind: 'spent'; reason: 'tooManyTries' | 'gone' }
  | { kind: 'wrong'; triesLeft: number; lockedUntil: Date | null };

/**
 * Step two: the code. Success starts a session with a brand-new token.
 *
 * In one transaction, before the code is compared: one of the challenge's five tries is claimed,
 * then one of the account's 20 wrong codes in a row (across challenges). A blocked account answers
 * 429 and nothing is counted. A wrong code is audited, and the 20th in a row locks the account for
 * an hour (audited too); a right code clears the account's count.
 */
export async function verifySignInCode(
  otpToken: string,
  otp: string,
  meta: RequestMeta,
  method?: CodeMethod,
) {
  const challenge = await liveLoginChallenge(otpToken);
  const database = await db();
  await assertMaySignIn(challenge.adminId);
  const methods = await signInMethods(challenge.adminId);
  const chosen = method ?? defaultCodeMethod(methods);
  if (!(methods as string[]).includes(chosen)) throw methodUnavailable();
  if (chosen !== 'email') {
    await verifyFactorCode(challenge, chosen, otp, meta);
    return startSignedIn(challenge.adminId, meta);
  }
  if (challenge.codeExpiresAt.getTime() <= Date.now()) throw new HttpError(410, 'auth.otp.expired');
  const accountKey = wrongCodesKey(challenge.adminId);
  const outcome = await database.transaction(async (tx): Promise<CodeOutcome> => {
    const claimed = await claimCodeTry(tx, challenge.id);
    if (!claimed.ok) return { kind: 'spent', reason: claimed.reason };
    const account = await claimTry(tx, accountKey, WRONG_CODES_PER_ACCOUNT);
    // Throwing rolls the challenge's try back: a refused code is not a try.
    if (!account.ok) throw throttled(account.retryAfter);
    if (await codeMatches(challenge.tokenHash, otp, claimed.codeHash)) {
      await consume(tx, challenge.id);
      await clearThrottle(tx, accountKey);
      await audit(tx, { adminId: challenge.adminId, action: 'auth.login', ip: meta.ip });
      return { kind: 'ok' };
    }
    const triesLeft = await afterWrongCode(tx, challenge.id, claimed.attempts);
    await audit(tx, {
      adminId: challenge.adminId,
      action: 'auth.otp_failed',
      detail: `wrong code ${account.failures} in a row`,
      ip: meta.ip,
    });
    if (account.blockedUntil) {
      await audit(tx, {
        adminId: challenge.adminId,
        action: 'auth.account_locked',
        detail: `${account.failures} wrong codes in a row; locked until ${account.blockedUntil.toISOString()}`,
        ip: meta.ip,
      });
    }
    return { kind: 'wrong', triesLeft, lockedUntil: account.blockedUntil };
  });
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
  return startSignedIn(challenge.adminId, meta);
}

/** Disabled since the password step (disabling also retires the challenge; this covers the race). */
async function assertMaySignIn(adminId: number): Promise<void> {
  const [owner] = await (
    await db()
  )
    .select({ status: admins.status })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!owner || !isSignedInStatus(owner.status)) throw new HttpError(403, 'admins.api.signInDisabled');
}

/** The session a passed second step opens, with a brand-new token. */
export async function startSignedIn(adminId: number, meta: RequestMeta) {
  const token = await createSession(adminId, { ip: meta.ip, userAgent: meta.userAgent });
  await startGraceIfOwed(adminId);
  const [admin] = await (await db()).select().from(admins).where(eq(admins.id, adminId));
  return { token, adminData: toAdminData(admin!) };
}

/** `passkeysigninoptions`: after the password (that admin's passkeys) or alone (any of this site's). */
export async function passkeySignInOptions(otpToken: string | undefined) {
  const challenge = otpToken ? await liveLoginChallenge(otpToken) : null;
  return assertionOptions(await db(), 'signin', challenge?.adminId ?? null);
}

/** `passkeysignin`: the second step with a passkey, or the whole sign-in with one. */
export async function passkeySignIn(
  otpToken: string | undefined,
  response: AuthenticationResponseJSON,
  meta: RequestMeta,
) {
  const challenge = otpToken ? await liveLoginChallenge(otpToken) : null;
  const adminId = await verifyPasskeySignIn(challenge, response, meta);
  await assertMaySignIn(adminId);
  return startSignedIn(adminId, meta);
}
