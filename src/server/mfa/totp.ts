import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { config } from '../config';
import type { Db, Tx } from '../db/client';
import { mfaTotp } from '../db/schema';
import { open, seal } from './secret-box';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_S = 30;
/** One step either side: a phone's clock a little off, or a code typed as it turned over. */
const DRIFT_STEPS = 1;

function totpOf(secret: OTPAuth.Secret, label = '') {
  return new OTPAuth.TOTP({
    issuer: config().PRODUCT_NAME,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret,
  });
}

export interface TotpSetup {
  secret: string;
  uri: string;
  qr_svg: string;
}

/** A new secret (160 bits, RFC 4226's advice), its otpauth:// URI and the URI as a QR code in SVG. */
export async function newTotpSecret(email: string): Promise<TotpSetup & { sealed: string }> {
  const secret = new OTPAuth.Secret({ size: 20 });
  const uri = totpOf(secret, email).toString();
  const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: secret.base32, uri, qr_svg, sealed: seal(secret.base32) };
}

/** The 30-second step `code` belongs to (within the drift allowed), or null when it matches none. */
export function matchingStep(sealed: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(OTPAuth.Secret.fromBase32(open(sealed).plain));
  const delta = totp.validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/**
 * Takes `step` for the admin's app: only later than the last step taken, in one statement, so a
 * code is accepted once even when the same code reaches two instances at the same moment. A value
 * sealed under an older key is sealed again under the current one on the way.
 */
export async function takeStep(tx: Db | Tx, row: { adminId: number; secret: string }, step: number) {
  const resealed = open(row.secret).stale ? seal(open(row.secret).plain) : undefined;
  const taken = await tx
    .update(mfaTotp)
    .set({ lastStep: step, ...(resealed ? { secret: resealed } : {}) })
    .where(
      and(
        eq(mfaTotp.adminId, row.adminId),
        isNotNull(mfaTotp.confirmedAt),
        or(isNull(mfaTotp.lastStep), lt(mfaTotp.lastStep, step)),
      ),
    )
    .returning({ adminId: mfaTotp.adminId });
  return taken.length === 1;
}

/** The admin's confirmed app, or null. */
export async function confirmedTotp(tx: Db | Tx, adminId: number) {
  const [row] = await tx
    .select()
    .from(mfaTotp)
    .where(and(eq(mfaTotp.adminId, adminId), isNotNull(mfaTotp.confirmedAt)));
  return row ?? null;
}

/** True when `code` is the admin's current app code, not used before; the step is taken. */
export async function checkTotpCode(tx: Db | Tx, adminId: number, code: string): Promise<boolean> {
  const row = await confirmedTotp(tx, adminId);
  if (!row) return false;
  const step = matchingStep(row.secret, code);
  return step !== null && (await takeStep(tx, row, step));
}
