import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { mfaRecoveryCodes } from '../db/schema';
import { serverSecret } from '../auth/server-secret';

export const RECOVERY_CODE_COUNT = 10;

/** Crockford's base32 letters: no I, L, O or U to misread when typed from paper. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 characters (60 bits) in three groups: `7K2M-QX9D-4HTR`. */
function newCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** As typed: case, spaces and dashes do not matter. */
export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * Stored as an HMAC under the server's code key, like the mailed codes (auth/otp.ts): 60 random
 * bits need no slow hash, and the table alone gives nothing to guess against.
 */
async function hashOf(code: string): Promise<string> {
  return createHmac('sha256', await serverSecret('otp-hmac'))
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}

/** A new set replaces the old one whole: the codes shown are the only ones that work. */
export async function replaceRecoveryCodes(tx: Tx, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const hashes = await Promise.all(codes.map(hashOf));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.adminId, adminId));
  await tx.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ adminId, codeHash })));
  return codes;
}

/**
 * Uses one code: one statement marks it used only while unused, so the same code sent twice at
 * once (even to two instances) is taken by one of them only.
 */
export async function useRecoveryCode(tx: Db | Tx, adminId: number, code: string): Promise<boolean> {
  const used = await tx
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(mfaRecoveryCodes.adminId, adminId),
        eq(mfaRecoveryCodes.codeHash, await hashOf(code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return used.length === 1;
}

export async function recoveryCodesLeft(tx: Db | Tx, adminId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.adminId, adminId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
