import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { AccountRegisterInput } from '../../features/auth/account-input';
import { audit } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import { checkPassword } from '../auth/password-step';
import { isTooGuessable } from '../auth/password-policy';
import type { RequestMeta } from '../auth/request-meta';
import { serverSecret } from '../auth/server-secret';
import { config } from '../config';
import { db } from '../db/client';
import { admins, type Admin } from '../db/schema';
import { HttpError } from '../http/errors';

const ISSUER = 'puzzle-admin';
const AUDIENCE = 'account-api';
const TOKEN_TTL_SECONDS = 60 * 60;

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
 * A password-only sign-in for API clients. The token it returns opens `GET /api/account/me` and
 * nothing else: the admin API needs a session, which needs the emailed code.
 */
export async function accountLogin(email: string, password: string, meta: RequestMeta) {
  const admin = await checkPassword(email, password, meta, 'account.login_failed');
  await audit(await db(), { adminId: admin.id, action: 'account.login', ip: meta.ip });
  const serviceToken = await new SignJWT({ email: admin.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(admin.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(await serverSecret('jwt-signing'));
  return { serviceToken, user: toUser(admin) };
}

/** The user a service token names; 401 when it does not verify, has expired or names nobody. */
export async function accountFromToken(token: string | null): Promise<AccountUser> {
  if (!token) throw new HttpError(401, 'account.tokenMissing');
  let subject: string | undefined;
  try {
    const { payload } = await jwtVerify(token, await serverSecret('jwt-signing'), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    subject = payload.sub;
  } catch (error) {
    throw new HttpError(
      401,
      error instanceof joseErrors.JWTExpired ? 'account.tokenExpired' : 'account.tokenInvalid',
    );
  }
  const [admin] = await (
    await db()
  )
    .select()
    .from(admins)
    .where(eq(admins.id, Number(subject)));
  if (!admin) throw new HttpError(401, 'account.tokenInvalid');
  return toUser(admin);
}

/** Off unless ALLOW_REGISTRATION=true: registering makes an administrator. */
export function assertRegistrationOpen(): void {
  if (!config().ALLOW_REGISTRATION) throw new HttpError(403, 'account.registrationClosed');
}

export async function register(input: AccountRegisterInput, meta: RequestMeta) {
  assertRegistrationOpen();
  if (isTooGuessable(input.password, [input.email, input.firstName, input.lastName])) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { password: 'auth.password.tooGuessable' },
    });
  }
  const passwordHash = await hashPassword(input.password);
  const database = await db();
  const created = await database.transaction(async (tx) => {
    const [admin] = await tx
      .insert(admins)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email.toLowerCase(),
        passwordHash,
      })
      .onConflictDoNothing()
      .returning();
    if (admin) await audit(tx, { adminId: admin.id, action: 'account.register', ip: meta.ip });
    return admin;
  });
  if (!created)
    throw new HttpError(409, 'account.emailTaken', { fieldKeys: { email: 'account.emailTaken' } });
  return { user: toUser(created) };
}
