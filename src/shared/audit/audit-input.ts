import * as z from 'zod/mini';
import { filterParam, fromBeforeTo, instantParam, ListQueryInput } from '../../lib/list-query';
import { adminId } from '../admins/admin-input';

/**
 * The audit trail's request shapes (DESIGN.md §5): `getaudit` and `exportaudit` take the same
 * filter. Messages are i18n keys; the server translates them.
 */

const code = (max: number) =>
  filterParam(z.string().check(z.trim(), z.maxLength(max), z.regex(/^[a-z_.:-]*$/)));

/**
 * Who (`admin_id`), what (`action`, exactly: `users.block`; or `area`, its first part: `users`),
 * to what (`target`, exactly: `users:12`; the words of before issue #39 are read as now) and when (`from` inclusive, `to` exclusive).
 */
export const AuditFilter = z
  .object({
    admin_id: filterParam(adminId),
    action: code(64),
    area: code(32),
    target: filterParam(z.string().check(z.trim(), z.maxLength(200))),
    from: instantParam,
    to: instantParam,
  })
  .check(fromBeforeTo);
export type AuditFilter = z.output<typeof AuditFilter>;
export const AuditListInput = z.intersection(
  z.pick(ListQueryInput, { page: true, record: true }),
  AuditFilter,
);
export type AuditListInput = z.output<typeof AuditListInput>;

/** One entry of the trail, newest first. Timestamps are ISO 8601 in UTC. */
export interface AuditRow {
  id: number;
  at: string;
  /** Null for the server's own work (the retention purge) or an admin since deleted. */
  admin_id: number | null;
  /** The actor's name and email as they were when the entry was written. */
  admin_name: string | null;
  admin_email?: string | null;
  /** A product API key that acted through `/api/app/*`, when no admin did. */
  api_key_id?: number | null;
  api_key_name?: string | null;
  /** Dotted code (`users.block`); its first part is the area. */
  action: string;
  area: string;
  /** `users:12`, `notifications:3`, `route:/api/admin/adduser`… */
  target: string | null;
  /** What the target is called now ("Morning Kakuro"), when it is a thing with a name that still exists. */
  target_name?: string;
  /** JSON text, never secrets. */
  detail: string | null;
  ip: string | null;
  request_id: string | null;
  /** How many like events the entry stands for (repeated refusals are coalesced per minute). */
  count?: number;
}
