import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import type { ReauthInput } from '../../shared/mfa/mfa-input';
import { audit } from '../audit/service';
import {
  checkFactorCode,
  claimFactorTry,
  factorCodeRight,
  mailRecoveryNotice,
  refusingWhenBlocked,
} from '../auth/factor-step';
import { confirmOwnPassword } from '../auth/password-step';
import type { RequestMeta } from '../auth/request-meta';
import { hashToken } from '../auth/tokens';
import { config } from '../config';
import { db } from '../db/client';
import { sessions } from '../db/schema';
import { HttpError } from '../http/errors';
import { factorsOf, hasFactor } from './factors';
import { assertionOptions, checkAssertion } from './passkeys';

/**
 * Sensitive actions need a recent confirmation that the admin is at the keyboard: the sign-in
 * itself, or `reauth`, within REAUTH_WINDOW. Otherwise 403 `{reauth_required: true}`; the screens
 * then ask in a dialog and retry.
 */
export function assertFreshConfirmation(context: Pick<APIContext, 'locals'>): void {
  const admin = context.locals.admin;
  if (!admin) throw new HttpError(401, 'api.error.unauthorized');
  const confirmedAt = admin.confirmedAt?.getTime() ?? 0;
  if (Date.now() - confirmedAt > config().REAUTH_WINDOW) {
    throw new HttpError(403, 'mfa.api.reauthRequired', { body: { reauth_required: true } });
  }
}

/** `reauthoptions`: passkey request options for the signed-in admin's own passkeys. */
export async function reauthOptions(adminId: number) {
  return assertionOptions(await db(), 'reauth', adminId);
}

const wrongCode = () => new HttpError(400, 'mfa.api.wrongCode', { fieldKeys: { otp: 'mfa.api.wrongCode' } });

/**
 * `reauth`: an app or recovery code (counted like sign-in codes), a passkey, or, only for an admin
 * with no factor yet, the password (counted like sign-in passwords). Starts a new window.
 */
export async function reauth(
  context: Pick<APIContext, 'locals'>,
  input: ReauthInput,
  meta: RequestMeta,
): Promise<{ confirmed_until: string }> {
  const admin = context.locals.admin;
  const token = context.locals.sessionToken;
  if (!admin || !token) throw new HttpError(401, 'api.error.unauthorized');
  const database = await db();
  const enrolled = hasFactor(await factorsOf(database, admin.id));
  const confirm = async (tx: Parameters<Parameters<typeof database.transaction>[0]>[0], detail: string) => {
    await tx
      .update(sessions)
      .set({ confirmedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await audit(tx, { adminId: admin.id, action: 'auth.reauth', detail, ip: meta.ip });
  };
  if (input.method === 'password') {
    if (enrolled)
      throw new HttpError(400, 'mfa.api.methodUnavailable', {
        fieldKeys: { method: 'mfa.api.methodUnavailable' },
      });
    const checked = await confirmOwnPassword(admin.id, input.password, meta, 'auth.reauth_failed');
    if (!checked)
      throw new HttpError(400, 'mfa.api.wrongPassword', { fieldKeys: { password: 'mfa.api.wrongPassword' } });
    await database.transaction((tx) => confirm(tx, 'password'));
  } else if (input.method === 'passkey') {
    await database.transaction(async (tx) => {
      const { adminId } = await checkAssertion(
        tx,
        input.response as unknown as AuthenticationResponseJSON,
        'reauth',
      );
      if (adminId !== admin.id) throw new HttpError(400, 'mfa.api.passkeyRefused');
      await confirm(tx, 'passkey');
    });
  } else {
    const { method, otp } = input;
    const right = await refusingWhenBlocked(() =>
      database.transaction(async (tx) => {
        const account = await claimFactorTry(tx, admin.id, meta.ip);
        if (await checkFactorCode(tx, admin.id, method, otp)) {
          await factorCodeRight(tx, admin.id, meta.ip);
          await confirm(tx, method);
          if (method === 'recovery')
            await audit(tx, { adminId: admin.id, action: 'mfa.recovery_used', ip: meta.ip });
          return true;
        }
        await audit(tx, {
          adminId: admin.id,
          action: 'auth.reauth_failed',
          detail: `wrong ${method} code ${account.failures} in a row`,
          ip: meta.ip,
        });
        return false;
      }),
    );
    if (!right) throw wrongCode();
    if (method === 'recovery') await mailRecoveryNotice(admin.id);
  }
  return { confirmed_until: new Date(Date.now() + config().REAUTH_WINDOW).toISOString() };
}
