import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import type { AuditAction, AuditTarget } from '../../shared/audit/vocabulary';
import { currentRequest } from '../http/request-context';

export interface AuditEntryInput {
  adminId: number | null;
  /** A product API key that acted (`/api/app/*`), when no admin did. */
  apiKeyId?: number | null;
  /** Dotted verb, area first (`auth.login`, `users.block`): the vocabulary of src/shared/audit. */
  action: AuditAction;
  /** What it was about (`users:12`), built with `auditTarget`. */
  target?: AuditTarget | null;
  detail?: string | null;
  ip?: string | null;
  /**
   * Names a run of like events (an admin's refusals on one route in one minute): a second entry
   * with the same key adds one to the first row's `count` instead of writing a row of its own.
   */
  coalesceKey?: string | null;
}

/**
 * Writes one audit row, inside the caller's transaction so the row and the change land together.
 * The request's user agent and id come from the request context, so no caller has to pass them.
 * The acting admin's name and email are copied into the row in the same statement, so the trail
 * keeps them as they were: a later rename rewrites no past row.
 */
export async function audit(tx: Db | Tx, entry: AuditEntryInput): Promise<void> {
  const request = currentRequest();
  const adminId = entry.adminId;
  await tx.execute(sql`
    INSERT INTO audit_log
      (admin_id, actor_name, actor_email, api_key_id, action, target, detail, ip, user_agent, request_id, coalesce_key)
    SELECT ${adminId}::int, nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email,
      ${entry.apiKeyId ?? null}::int, ${entry.action}, ${entry.target ?? null}, ${entry.detail ?? null},
      ${entry.ip ?? null}, ${request?.userAgent ?? null}, ${request?.requestId ?? null},
      ${entry.coalesceKey ?? null}
    FROM (SELECT 1) AS one LEFT JOIN admins AS a ON a.id = ${adminId}::int
    ON CONFLICT (coalesce_key) WHERE coalesce_key IS NOT NULL
      DO UPDATE SET count = audit_log.count + 1`);
}
