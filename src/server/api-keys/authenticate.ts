import { sql } from 'drizzle-orm';
import { hashToken } from '../auth/tokens';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import { looksLikeApiKey } from './keys';

/** The rate limit's fixed window, and how often `last_used_at` may be written. */
export const RATE_WINDOW_SECONDS = 60;

const WINDOW = sql.raw(`interval '${RATE_WINDOW_SECONDS} seconds'`);

export type KeyCheck =
  | { outcome: 'allowed'; keyId: number; scopes: string[] }
  | { outcome: 'limited'; keyId: number; retryAfter: number }
  | { outcome: 'refused' };

/**
 * Checks a product API key and counts the request against its per-key limit, in ONE statement,
 * so it holds with any number of server instances on one database:
 * - the UPDATE only matches a live key (known hash, not revoked) whose window has room; it starts
 *   a new window when the last one is over, else adds one, and touches `last_used_at` when that is
 *   a minute old. Concurrent requests for one key queue on the row lock, and PostgreSQL re-checks
 *   the WHERE against the row as the previous request left it, so the count is exact;
 * - when it matched nothing, the second branch tells "over the limit" (429, Retry-After = what is
 *   left of the window) from unknown or revoked (401); see limitedOrRefused for the one case it
 *   cannot see. A request over the limit writes nothing.
 */
export async function checkApiKey(key: string, limit: number): Promise<KeyCheck> {
  if (!looksLikeApiKey(key)) return { outcome: 'refused' };
  const hash = hashToken(key);
  const windowOver = sql`(rate_window_started_at IS NULL OR rate_window_started_at <= now() - ${WINDOW})`;
  const rows = await rowsOf<{ id: number; allowed: boolean; retry_after: number; scopes: string[] }>(
    await db(),
    sql`
    WITH hit AS (
      UPDATE api_keys SET
        rate_window_started_at = CASE WHEN ${windowOver} THEN now() ELSE rate_window_started_at END,
        rate_window_requests = CASE WHEN ${windowOver} THEN 1 ELSE rate_window_requests + 1 END,
        last_used_at = CASE
          WHEN last_used_at IS NULL OR last_used_at <= now() - ${WINDOW}
          THEN now() ELSE last_used_at END
      WHERE key_hash = ${hash} AND revoked_at IS NULL
        AND (${windowOver} OR rate_window_requests < ${limit}::int)
      RETURNING id, scopes
    )
    SELECT id, true AS allowed, 0 AS retry_after, scopes FROM hit
    UNION ALL
    SELECT id, false AS allowed,
      greatest(1, ceil(extract(epoch FROM rate_window_started_at
        + ${WINDOW} - now())))::int AS retry_after, scopes
    FROM api_keys
    WHERE key_hash = ${hash} AND revoked_at IS NULL
      AND NOT ${windowOver} AND rate_window_requests >= ${limit}::int
      AND NOT EXISTS (SELECT 1 FROM hit)`,
  );
  const [row] = rows;
  if (row) {
    return row.allowed
      ? { outcome: 'allowed', keyId: row.id, scopes: row.scopes }
      : { outcome: 'limited', keyId: row.id, retryAfter: row.retry_after };
  }
  return limitedOrRefused(hash);
}

/**
 * When the statement above matched nothing. Its second branch reads the row as it was when the
 * statement began, so a request that lost a race for the window's last slot (the UPDATE waited for
 * the winner's row lock, then found the window full) finds neither branch true. A fresh statement
 * sees the winner's count and tells "over the limit" from "unknown or revoked".
 */
async function limitedOrRefused(hash: string): Promise<KeyCheck> {
  const [row] = await rowsOf<{ id: number; retry_after: number }>(
    await db(),
    sql`
    SELECT id, greatest(1, ceil(extract(epoch FROM coalesce(rate_window_started_at, now())
      + ${WINDOW} - now())))::int AS retry_after
    FROM api_keys WHERE key_hash = ${hash} AND revoked_at IS NULL`,
  );
  return row ? { outcome: 'limited', keyId: row.id, retryAfter: row.retry_after } : { outcome: 'refused' };
}
