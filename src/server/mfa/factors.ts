import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { config } from '../config';
import type { Db, Tx } from '../db/client';
import { mfaPasskeys, mfaRecoveryCodes, mfaTotp } from '../db/schema';
import { recoveryCodesLeft } from './recovery-codes';

/** How a second sign-in step can be passed, in the order a sign-in offers them. */
export type SignInMethod = 'passkey' | 'totp' | 'recovery' | 'email';
export type FactorKind = 'passkey' | 'totp';

export interface Factors {
  totp: boolean;
  passkeys: number;
  recoveryLeft: number;
}

export async function factorsOf(database: Db | Tx, adminId: number): Promise<Factors> {
  const [totp] = await database
    .select({ adminId: mfaTotp.adminId })
    .from(mfaTotp)
    .where(and(eq(mfaTotp.adminId, adminId), isNotNull(mfaTotp.confirmedAt)));
  const [passkeys] = await database
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaPasskeys)
    .where(eq(mfaPasskeys.adminId, adminId));
  return {
    totp: !!totp,
    passkeys: passkeys?.n ?? 0,
    recoveryLeft: await recoveryCodesLeft(database, adminId),
  };
}

export const hasFactor = (factors: Factors) => factors.totp || factors.passkeys > 0;

/** `login`'s `methods`: the admin's factors (recovery codes with them), else the mailed code. */
export function methodsOf(factors: Factors): SignInMethod[] {
  if (!hasFactor(factors)) return ['email'];
  const methods: SignInMethod[] = [];
  if (factors.passkeys > 0) methods.push('passkey');
  if (factors.totp) methods.push('totp');
  methods.push('recovery');
  return methods;
}

/** What a code without `method` is checked as: the first of the admin's methods that takes a code. */
export const defaultCodeMethod = (methods: SignInMethod[]) =>
  methods.find((method) => method !== 'passkey') ?? 'recovery';

export interface MfaStatus {
  totp: boolean;
  passkeys: { id: number; name: string; created_at: string; last_used_at: string | null }[];
  recovery_codes_left: number;
  required: boolean;
  grace_until: string | null;
}

/** `getmfa`. */
export async function mfaStatus(
  database: Db,
  adminId: number,
  requirement: { required: boolean; graceUntil: string | null },
): Promise<MfaStatus> {
  const factors = await factorsOf(database, adminId);
  const passkeys = await database
    .select()
    .from(mfaPasskeys)
    .where(eq(mfaPasskeys.adminId, adminId))
    .orderBy(asc(mfaPasskeys.createdAt), asc(mfaPasskeys.id));
  return {
    totp: factors.totp,
    passkeys: passkeys.map((row) => ({
      id: row.id,
      name: row.name,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    })),
    recovery_codes_left: factors.recoveryLeft,
    required: requirement.required,
    grace_until: requirement.graceUntil,
  };
}

/** Removes every factor and recovery code of an admin (the Owner's reset). */
export async function removeAllFactors(tx: Tx, adminId: number): Promise<void> {
  await tx.delete(mfaTotp).where(eq(mfaTotp.adminId, adminId));
  await tx.delete(mfaPasskeys).where(eq(mfaPasskeys.adminId, adminId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.adminId, adminId));
}

export const graceMs = () => config().MFA_GRACE_DAYS * 86_400_000;
