import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { admins } from '../db/schema';
import { graceMs } from './factors';

/**
 * Whether an admin must have a second factor, and how long they may still go without one. The
 * grace period runs from when a requiring role first applied to them without a factor
 * (`admins.mfa_required_since`, set on their first request after that); once it is over, an admin
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

export async function requirementOf(
  database: Db,
  row: { id: number; requireMfa: boolean; enrolled: boolean; mfaRequiredSince: Date | null },
  now = Date.now(),
): Promise<MfaRequirement> {
  if (!row.requireMfa || row.enrolled) {
    return { required: row.requireMfa, enrolled: row.enrolled, graceUntil: null, locked: false };
  }
  let since = row.mfaRequiredSince;
  if (!since) {
    since = new Date(now);
    // Another request may set it first: its value stands.
    await database
      .update(admins)
      .set({ mfaRequiredSince: since })
      .where(and(eq(admins.id, row.id), isNull(admins.mfaRequiredSince)));
  }
  const graceUntil = since.getTime() + graceMs();
  return {
    required: true,
    enrolled: false,
    graceUntil: new Date(graceUntil).toISOString(),
    locked: now >= graceUntil,
  };
}
