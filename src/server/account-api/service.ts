import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { AccountRegisterInput } from './account-input';
import { isLocale } from '../../i18n';
import { announceRegistration, warnAddressHolder } from '../admins/registration';
import { audit } from '../audit/service';
import { checkPassword } from '../auth/password-step';
import { isTooGuessable } from '../auth/password-policy';
import { hashForRegistration } from '../auth/registration-throttle';
import type { RequestMeta } from '../auth/request-meta';
import { serverSecret } from '../auth/server-secret';
import { config } from '../config';
import { db } from '../db/client';
import { admins, type Admin } from '../db/schema';
import { HttpError } from '../http/errors';

const ISSUER = 'puzzle-admin';
const AUDIENCE = 'account-api';
const TOKEN_TTL_SECONDS = 60 * 60;
/** The claim that ties a token to the password it was issued for (see passwordBinding). */
const PASSWORD_CLAIM = 'pwv';
/** The claim that ties a token to the admin's token version, which disabling the admin bumps. */
const VERSION_CLAIM = 'tv';

export interface AccountUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
}

const toUser = (admin: Pick<Admin, 'id' | 'email' | 'firstName' | 'lastName'>): AccountUser => ({
  id: admin.id,
  email: admin.email,
  firstName: admin.firstName,
  lastName: admin.lastName,
  name: `${admin.firstName} ${admin.lastName}`.trim(),
});

/**
 * Off unless ACCOUNT_API=true: its sign-in takes a password alone (no emailed code). Checked before
 * anything else, so a closed API counts no tries and reads no body.
 */
export function assertAccountApiOn(): void {
  if (!config().ACCOUNT_API) throw new HttpError(403, 'accountApi.apiOff');
}

/**
 * A keyed fingerprint of the admin's password hash, carried in every token and compared on every
 * `/me`. Any new hash (reset, a later change-password, register, first run, even a hash set by
 * hand in SQL: each has a fresh salt, so even the same password gives a new hash) ends every token
 * issued before it, with no column to remember to bump. Keyed, so the token (readable by whoever
 * holds it) says nothing about the hash.
 */
async function passwordBinding(passwordHash: string): Promise<string> {
  return createHmac('sha256', await serverSecret('jwt-signing'))
    .update('account-token-password\0')
    .update(passwordHash)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

async function boundToCurrentPassword(admin: Admin, claim: unknown): Promise<boolean> {
  if (typeof claim !== 'string') return false;
  const expected = Buffer.from(await passwordBinding(admin.passwordHash));
  const given = Buffer.from(claim);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Whether an admin may still use a token issued to them: they are still active (a disabled admin's
 * tokens die at once; the password step refuses them a new one; a pending one never gets one),
 * they have not been disabled since it was issued (enabling them again revives none), and the
 * password it was issued for is still theirs.
 */
async function tokenStillHolds(admin: Admin, claims: Record<string, unknown>): Promise<boolean> {
  return (
    admin.status === 'active' &&
    claims[VERSION_CLAIM] === admin.tokenVersion &&
    boundToCurrentPassword(admin, claims[PASSWORD_CLAIM])
  );
}

/**
 * A password-only sign-in for API clients (only with ACCOUNT_API=true). Throttled and audited by
 * the same password step as the admin sign-in, on the same counters: tries here and there add up.
 * The token it returns opens `GET /api/account/me` and nothing else (the admin API needs a
 * session, which needs the emailed code), and dies with the password it was issued for.
 */
export async function accountLogin(email: string, password: string, meta: RequestMeta) {
  assertAccountApiOn();
  const admin = await checkPassword(email, password, meta, 'account.login_failed');
  // A first-start password opens only the admin sign-in, whose first step is choosing a new one.
  if (admin.mustChangePassword) throw new HttpError(403, 'auth.passwordChangeRequired');
  // Registered and not yet approved: nothing to hold a token for (said only to the password's holder).
  if (admin.status === 'pending') throw new HttpError(403, 'auth.approvalPending');
  await audit(await db(), { adminId: admin.id, action: 'account.login', ip: meta.ip });
  // Bound to the hash just checked: a reset landing meanwhile already makes this token useless.
  const serviceToken = await new SignJWT({
    email: admin.email,
    [PASSWORD_CLAIM]: await passwordBinding(admin.passwordHash),
    [VERSION_CLAIM]: admin.tokenVersion,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(admin.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(await serverSecret('jwt-signing'));
  return { serviceToken, user: toUser(admin) };
}

/**
 * The user a service token names (only with ACCOUNT_API=true); 401 when it does not verify, has
 * expired, names nobody, or was issued before the admin's password last changed.
 */
export async function accountFromToken(token: string | null): Promise<AccountUser> {
  assertAccountApiOn();
  if (!token) throw new HttpError(401, 'accountApi.tokenMissing');
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, await serverSecret('jwt-signing'), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      // The password claim is checked below, so an expired token is still told it has expired.
      requiredClaims: ['exp', 'sub'],
    }));
  } catch (error) {
    throw new HttpError(
      401,
      error instanceof joseErrors.JWTExpired ? 'accountApi.tokenExpired' : 'accountApi.tokenInvalid',
    );
  }
  const adminId = Number(claims.sub);
  if (!Number.isSafeInteger(adminId)) throw new HttpError(401, 'accountApi.tokenInvalid');
  const [admin] = await (await db()).select().from(admins).where(eq(admins.id, adminId));
  if (!admin || !(await tokenStillHolds(admin, claims))) throw new HttpError(401, 'accountApi.tokenInvalid');
  return toUser(admin);
}

/**
 * Off unless ALLOW_REGISTRATION=true. Deliberately not tied to ACCOUNT_API: it issues no token, and
 * it already has its own explicit switch.
 */
export function assertRegistrationOpen(): void {
  if (!config().ALLOW_REGISTRATION) throw new HttpError(403, 'accountApi.registrationClosed');
}

/** What a registration answers, the same whether the address was new or already had an account. */
export interface RegistrationAnswer {
  /** What was sent, as it was understood (no id: a new account and an existing one look alike). */
  user: Omit<AccountUser, 'id'>;
  /** Always true: a registered account holds nothing until an Owner approves it. */
  pending: true;
}

/**
 * `register`: a new address becomes a pending admin with the least role, who holds no permission
 * until an Owner approves them (admins/approval.ts); every active Owner is told by mail. An address
 * that already has an account gets a mail instead, and the answer is the same as for a new one, so
 * it tells a stranger nothing about whose address is an admin's. Both paths hash the password (the
 * registration throttle counts it first) and leave their mails to after the answer.
 *
 * Two registrations of one new address at once: the unique index lets one insert; the other finds
 * the address taken and mails it, and both answer alike.
 */
export async function register(input: AccountRegisterInput, meta: RequestMeta): Promise<RegistrationAnswer> {
  assertRegistrationOpen();
  if (isTooGuessable(input.password, [input.email, input.firstName, input.lastName])) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { password: 'auth.password.tooGuessable' },
    });
  }
  const passwordHash = await hashForRegistration(input.password, meta);
  const email = input.email.toLowerCase();
  const created = await (
    await db()
  ).transaction(async (tx) => {
    const [admin] = await tx
      .insert(admins)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        passwordHash,
        status: 'pending',
        role: 'readonly',
        locale: isLocale(meta.locale) ? meta.locale : 'en',
      })
      .onConflictDoNothing()
      .returning();
    if (admin) await audit(tx, { adminId: admin.id, action: 'account.register', ip: meta.ip });
    return admin;
  });
  if (created) await announceRegistration(created);
  else await warnAddressHolder(email);
  const { firstName, lastName } = input;
  return { user: { email, firstName, lastName, name: `${firstName} ${lastName}`.trim() }, pending: true };
}
