import { and, eq, gt, lt } from 'drizzle-orm';
import { config } from '../config';
import type { Db, Tx } from '../db/client';
import { webauthnChallenges } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * The relying party is PUBLIC_URL: its host is the rpID, its origin the only one a passkey answer
 * may come from. WebAuthn refuses an IP address as rpID; `localhost` works over plain http.
 */
export function relyingParty() {
  const url = new URL(config().publicUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: config().PRODUCT_NAME };
}

/** True when passkeys can work here at all (a host name, not an IP address). */
export function passkeysPossible(): boolean {
  const host = relyingParty().rpID;
  return !/^[\d.]+$/.test(host) && !host.includes(':') && !host.startsWith('[');
}

const CHALLENGE_TTL_MS = 5 * 60_000;

export type ChallengePurpose = (typeof webauthnChallenges.$inferInsert)['purpose'];

/** Remembers a challenge handed out (the options' `challenge`), for one answer within five minutes. */
export async function keepChallenge(
  database: Db,
  challenge: string,
  purpose: ChallengePurpose,
  adminId: number | null,
): Promise<void> {
  // Old ones go on the way: a table of handed-out challenges never grows past five minutes' worth.
  await database.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
  await database
    .insert(webauthnChallenges)
    .values({ challenge, purpose, adminId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/** The challenge an answer signed, from its clientDataJSON (base64url JSON). */
function challengeOf(clientDataJSON: unknown): string | null {
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

export const passkeyRefused = () =>
  new HttpError(400, 'mfa.api.passkeyRefused', { fieldKeys: { response: 'mfa.api.passkeyRefused' } });

/**
 * Takes the challenge an answer names: deleted as it is read, so each is answered once. 400 when
 * it is unknown, used, expired or handed out for something else.
 */
export async function takeChallenge(
  tx: Db | Tx,
  response: { response?: { clientDataJSON?: unknown } },
  purpose: ChallengePurpose,
): Promise<{ challenge: string; adminId: number | null }> {
  const challenge = challengeOf(response.response?.clientDataJSON);
  if (!challenge) throw passkeyRefused();
  const [row] = await tx
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ adminId: webauthnChallenges.adminId });
  if (!row) throw passkeyRefused();
  return { challenge, adminId: row.adminId };
}
