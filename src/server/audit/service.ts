import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';
import { currentRequest } from '../http/request-context';

export interface AuditEntryInput {
  adminId: number | null;
  /**
   * Dotted verb: `auth.login`, `auth.login_failed`, `auth.logout`, `auth.password_reset`,
   * `auth.otp_failed`, `auth.account_locked`, `auth.reset_codes_locked`.
   */
  action: string;
  target?: string | null;
  detail?: string | null;
  ip?: string | null;
}

/**
 * Writes one audit row, inside the caller's transaction so the row and the change land together.
 * The request's user agent and id come from the request context, so no caller has to pass them.
 */
export async function audit(tx: Db | Tx, entry: AuditEntryInput): Promise<void> {
  const request = currentRequest();
  await tx.insert(auditLog).values({
    userAgent: request?.userAgent ?? null,
    requestId: request?.requestId ?? null,
    adminId: entry.adminId,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
}
