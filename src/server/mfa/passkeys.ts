import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { mfaPasskeys } from '../db/schema';
import {
  keepChallenge,
  passkeyRefused,
  relyingParty,
  takeChallenge,
  type ChallengePurpose,
} from './relying-party';

/**
 * Passkeys: discoverable credentials with user verification required, so the device and its PIN or
 * biometrics count as two factors in one (a passkey alone signs in).
 */
export async function registrationOptions(database: Db, admin: { id: number; email: string; name: string }) {
  const { rpID, rpName } = relyingParty();
  const existing = await database
    .select({ id: mfaPasskeys.credentialId, transports: mfaPasskeys.transports })
    .from(mfaPasskeys)
    .where(eq(mfaPasskeys.adminId, admin.id));
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: admin.email,
    userDisplayName: admin.name,
    // Stable per admin, so one authenticator keeps one passkey per admin rather than piling them up.
    userID: new TextEncoder().encode(`admin:${admin.id}`),
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(database, options.challenge, 'register', admin.id);
  return options;
}

/** Checks a new passkey's answer and stores it; 400 on `response` when it does not hold. */
export async function addPasskey(tx: Tx, adminId: number, name: string, response: RegistrationResponseJSON) {
  const { challenge, adminId: owner } = await takeChallenge(tx, response, 'register');
  if (owner !== adminId) throw passkeyRefused();
  const { rpID, origin } = relyingParty();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw passkeyRefused();
  const { credential } = verified.registrationInfo;
  const [row] = await tx
    .insert(mfaPasskeys)
    .values({
      adminId,
      name,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
    })
    .onConflictDoNothing()
    .returning({ id: mfaPasskeys.id, name: mfaPasskeys.name });
  if (!row) throw passkeyRefused();
  return row;
}

/** Request options: the admin's own passkeys, or (no admin) any discoverable one for this site. */
export async function assertionOptions(database: Db, purpose: ChallengePurpose, adminId: number | null) {
  const { rpID } = relyingParty();
  const allowCredentials =
    adminId === null
      ? []
      : await database
          .select({ id: mfaPasskeys.credentialId, transports: mfaPasskeys.transports })
          .from(mfaPasskeys)
          .where(eq(mfaPasskeys.adminId, adminId));
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials,
    userVerification: 'required',
  });
  await keepChallenge(database, options.challenge, purpose, adminId);
  return options;
}

/**
 * Checks a passkey's answer: its challenge (taken, so answered once), the passkey (the challenge's
 * admin's when it names one), the signature, user verification and the signature counter. The
 * passkey's counter and last use are written in the caller's transaction. Returns its admin.
 */
export async function checkAssertion(
  tx: Tx,
  response: AuthenticationResponseJSON,
  purpose: ChallengePurpose,
): Promise<{ adminId: number; passkeyId: number }> {
  const { challenge, adminId } = await takeChallenge(tx, response, purpose);
  if (typeof response.id !== 'string') throw passkeyRefused();
  const [passkey] = await tx
    .select()
    .from(mfaPasskeys)
    .where(
      and(
        eq(mfaPasskeys.credentialId, response.id),
        ...(adminId === null ? [] : [eq(mfaPasskeys.adminId, adminId)]),
      ),
    );
  if (!passkey) throw passkeyRefused();
  const { rpID, origin } = relyingParty();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
  }).catch(() => null);
  if (!verified?.verified) throw passkeyRefused();
  await tx
    .update(mfaPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(mfaPasskeys.id, passkey.id));
  return { adminId: passkey.adminId, passkeyId: passkey.id };
}
