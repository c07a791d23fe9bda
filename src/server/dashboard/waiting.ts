import { sql } from 'drizzle-orm';
import type { DashboardData } from '../../shared/dashboard/dashboard-input';
import type { Permission } from '../../shared/roles/permissions';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { WAITING_LISTS } from '../../shared/dashboard/waiting-lists';
import { mayOpen } from '../roles/may-open';

/**
 * The work waiting a role may act on, in one statement. Support: queries whose user's oldest
 * unanswered message is more than a day old (`waiting_since`, cleared by an answer or on
 * resolving), found through the status index rather than a scan of resolved ones. Sends: the
 * scheduled ones, through `notifications_state_created_idx`. Bans: those ending before the admin's
 * midnight.
 */
export async function readWaiting(
  run: Db,
  permissions: readonly Permission[],
  /** The admin's time zone: "today" ends at their midnight. */
  tz = 'UTC',
): Promise<NonNullable<DashboardData['waiting']>> {
  const support = mayOpen(permissions, WAITING_LISTS.support_over_24h);
  const sends = mayOpen(permissions, WAITING_LISTS.scheduled_sends);
  const bans = mayOpen(permissions, WAITING_LISTS.bans_ending_today);
  if (!support && !sends && !bans) return {};
  // Bans ending between now and the admin's midnight, through `users_ban_end_idx`.
  const [row] = await rowsOf<{ support: number | null; sends: number | null; bans: number | null }>(
    run,
    sql`SELECT
      CASE WHEN ${support} THEN (SELECT count(*)::int FROM support_queries
        WHERE status IN ('open', 'in_progress') AND waiting_since < now() - interval '24 hours') END AS support,
      CASE WHEN ${sends} THEN (SELECT count(*)::int FROM notifications WHERE state = 'scheduled') END AS sends,
      CASE WHEN ${bans} THEN (SELECT count(*)::int FROM users
        WHERE status = 'blocked' AND banned_until IS NOT NULL AND banned_until > now()
          AND banned_until < (date_trunc('day', now() AT TIME ZONE ${tz}) + interval '1 day') AT TIME ZONE ${tz}) END AS bans`,
  );
  return {
    ...(support && { support_over_24h: Number(row?.support ?? 0) }),
    ...(sends && { scheduled_sends: Number(row?.sends ?? 0) }),
    ...(bans && { bans_ending_today: Number(row?.bans ?? 0) }),
  };
}
