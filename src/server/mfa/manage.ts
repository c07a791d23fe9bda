import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { and, eq, isNull } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { admins, mfaPasskeys, mfaTotp } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { factorsOf, hasFactor } from './factors';
import { addPasskey, registrationOptions } from './passkeys';
import { replaceRecoveryCodes } from './recovery-codes';
import { matchingStep, newTotpSecret, type TotpSetup } from './totp';
import { auditTarget } from '../../shared/audit/vocabulary';

/** The admin's own second factors: adding, removing, new recovery codes (`getmfa` is factors.ts). */

const appExists = () => new HttpError(409, 'mfa.api.totpExists');

/** `totpsetup`: a new secret waiting for its first code (replacing one that waited). 409 when an app is set. */
export async function startTotpSetup(actor: Actor): Promise<TotpSetup> {
  const database = await db();
  const [admin] = await database
    .select({ email: admins.email })
    .from(admins)
    .where(eq(admins.id, actor.adminId));
  const { sealed, ...setup } = await newTotpSecret(admin!.email);
  const saved = await database
    .insert(mfaTotp)
    .values({ adminId: actor.adminId, secret: sealed })
    .onConflictDoUpdate({
      target: mfaTotp.adminId,
      set: { secret: sealed, lastStep: null },
      setWhere: isNull(mfaTotp.confirmedAt),
    })
    .returning({ adminId: mfaTotp.adminId });
  if (saved.length === 0) throw appExists();
  return setup;
}

/** The first factor brings recovery codes; a later one leaves the set as it is. */
async function codesIfFirst(tx: Tx, adminId: number, hadFactor: boolean) {
  return hadFactor ? undefined : replaceRecoveryCodes(tx, adminId);
}

/** `totpconfirm`: the app's first code sets it up. 400 on `code` when it is not the app's. */
export async function confirmTotp(code: string, actor: Actor): Promise<{ recovery_codes?: string[] }> {
  return (await db()).transaction(async (tx) => {
    const [pending] = await tx.select().from(mfaTotp).where(eq(mfaTotp.adminId, actor.adminId)).for('update');
    if (!pending) throw new HttpError(409, 'mfa.api.noSetup');
    if (pending.confirmedAt) throw appExists();
    const step = matchingStep(pending.secret, code);
    if (step === null) {
      throw new HttpError(400, 'mfa.api.wrongCode', { fieldKeys: { code: 'mfa.api.wrongCode' } });
    }
    const hadFactor = hasFactor(await factorsOf(tx, actor.adminId));
    await tx
      .update(mfaTotp)
      .set({ confirmedAt: new Date(), lastStep: step })
      .where(eq(mfaTotp.adminId, actor.adminId));
    await audit(tx, { adminId: actor.adminId, action: 'mfa.totp_added', ip: actor.ip });
    const recovery_codes = await codesIfFirst(tx, actor.adminId, hadFactor);
    return recovery_codes ? { recovery_codes } : {};
  });
}

/** `passkeyoptions`. */
export async function passkeyCreationOptions(actor: Actor) {
  const database = await db();
  const [admin] = await database.select().from(admins).where(eq(admins.id, actor.adminId));
  const name = `${admin!.firstName} ${admin!.lastName}`.trim() || admin!.email;
  return registrationOptions(database, { id: admin!.id, email: admin!.email, name });
}

/** `passkeyregister`. */
export async function registerPasskey(
  name: string,
  response: RegistrationResponseJSON,
  actor: Actor,
): Promise<{ id: number; name: string; recovery_codes?: string[] }> {
  return (await db()).transaction(async (tx) => {
    // Locks the admin's row: two first factors added at once agree on which one was first.
    await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, actor.adminId)).for('update');
    const hadFactor = hasFactor(await factorsOf(tx, actor.adminId));
    const passkey = await addPasskey(tx, actor.adminId, name, response);
    await audit(tx, {
      adminId: actor.adminId,
      action: 'mfa.passkey_added',
      target: auditTarget('admins', actor.adminId),
      detail: JSON.stringify({ name }),
      ip: actor.ip,
    });
    const recovery_codes = await codesIfFirst(tx, actor.adminId, hadFactor);
    return recovery_codes ? { ...passkey, recovery_codes } : passkey;
  });
}

/** `removemfa`: the app, or one passkey (by `id`). 404 when there is no such factor. */
export async function removeFactor(input: { method: 'totp' | 'passkey'; id?: number }, actor: Actor) {
  const notFound = () => new HttpError(404, 'mfa.api.notFound', { fieldKeys: { id: 'mfa.api.notFound' } });
  await (
    await db()
  ).transaction(async (tx) => {
    if (input.method === 'totp') {
      const gone = await tx.delete(mfaTotp).where(eq(mfaTotp.adminId, actor.adminId)).returning();
      if (gone.length === 0) throw notFound();
      await audit(tx, { adminId: actor.adminId, action: 'mfa.totp_removed', ip: actor.ip });
      return;
    }
    if (input.id === undefined) {
      throw new HttpError(400, 'api.error.validation', { fieldKeys: { id: 'validation.required' } });
    }
    const [gone] = await tx
      .delete(mfaPasskeys)
      .where(and(eq(mfaPasskeys.id, input.id), eq(mfaPasskeys.adminId, actor.adminId)))
      .returning({ name: mfaPasskeys.name });
    if (!gone) throw notFound();
    await audit(tx, {
      adminId: actor.adminId,
      action: 'mfa.passkey_removed',
      target: auditTarget('admins', actor.adminId),
      detail: JSON.stringify({ name: gone.name }),
      ip: actor.ip,
    });
  });
}

/** `newrecoverycodes`: ten new codes replace the old ones (only for an admin with a factor). */
export async function newRecoveryCodes(actor: Actor): Promise<{ recovery_codes: string[] }> {
  return (await db()).transaction(async (tx) => {
    if (!hasFactor(await factorsOf(tx, actor.adminId))) throw new HttpError(409, 'mfa.api.noFactor');
    const recovery_codes = await replaceRecoveryCodes(tx, actor.adminId);
    await audit(tx, { adminId: actor.adminId, action: 'mfa.recovery_renewed', ip: actor.ip });
    return { recovery_codes };
  });
}
