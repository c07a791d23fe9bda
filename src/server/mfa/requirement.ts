import { sql } from 'drizzle-orm';
import { db } from '../db/client';
import { graceMs } from './factors';

/**
 * Whether an admin must have a second factor, and how long they may still go without one. The
 * grace period runs from when a requiring role first applied to them without a factor
 * (`admins.mfa_required_since`, set at their first sign-in after that: reading a session writes
 * nothing); once it is over, an admin
 * with no factor reaches only the factor setup (middleware/guard.ts).
 */
export interface MfaRequirement {
  required: boolean;
  enrolled: boolean;
  /** ISO 8601; null when nothing is owed (not required, or a factor is set). */
  graceUntil: string | null;
  /** Required, no factor, grace over. */
  locked: boolean;
}

export function requirementOf(
  row: { requireMfa: boolean; enrolled: boolean; mfaRequiredSince: Date | null },
  now = Date.now(),
): MfaRequirement {
  if (!row.requireMfa || row.enrolled) {
    return { required: row.requireMfa, enrolled: row.enrolled, graceUntil: null, locked: false };
  }
  // Not signed in since the requirement came: the period has not started yet.
  const since = row.mfaRequiredSince?.getTime() ?? now;
  const graceUntil = since + graceMs();
  return {
    required: true,
    enrolled: false,
    graceUntil: new Date(graceUntil).toISOString(),
    locked: now >= graceUntil,
  };
}

/**
 * At a sign-in: starts the admin's grace period if their role requires a factor they do not have
 * and it has not started before (one statement; a second sign-in at once changes nothing).
 */
export async function startGraceIfOwed(adminId: number): Promise<void> {
  await (
    await db()
  ).execute(sql`
    UPDATE admins a SET mfa_required_since = now()
    WHERE a.id = ${adminId} AND a.mfa_required_since IS NULL
      AND EXISTS (SELECT 1 FROM roles r WHERE r.key = a.role AND r.require_mfa)
      AND NOT EXISTS (SELECT 1 FROM mfa_passkeys p WHERE p.admin_id = a.id)
      AND NOT EXISTS (SELECT 1 FROM mfa_totp t WHERE t.admin_id = a.id AND t.confirmed_at IS NOT NULL)`);
}
