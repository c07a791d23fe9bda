import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter, AuditListInput, AuditRow } from '../../shared/audit/audit-input';
import { currentAction, currentArea, currentTarget } from '../../shared/audit/vocabulary';
import type { ListResult } from '../../lib/envelope';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import { apiKeys, auditLog } from '../db/schema';
import { withTargetNames } from './target-names';

/** A filtered count stops here and says "10,000+" (`capped`); the export still takes every match. */
export const AUDIT_COUNT_CAP = 10_000;

/** Words of before issue #39 (`area=admin`, `target=user:12`) still find what they found. */
function auditFilter(input: AuditFilter): SQL | undefined {
  return and(
    input.admin_id ? eq(auditLog.adminId, input.admin_id) : undefined,
    input.action ? eq(auditLog.action, currentAction(input.action)) : undefined,
    // The same expression as audit_log_area_at_idx, so the index serves it.
    input.area ? sql`split_part(${auditLog.action}, '.', 1) = ${currentArea(input.area)}` : undefined,
    input.target ? eq(auditLog.target, currentTarget(input.target)) : undefined,
    input.from ? gte(auditLog.at, input.from) : undefined,
    input.to ? lt(auditLog.at, input.to) : undefined,
  );
}

// The actor as named when the row was written (audit/service.ts), never as named now.
const columns = {
  id: auditLog.id,
  at: auditLog.at,
  admin_id: auditLog.adminId,
  admin_name: auditLog.actorName,
  admin_email: auditLog.actorEmail,
  api_key_id: auditLog.apiKeyId,
  api_key_name: apiKeys.name,
  count: auditLog.count,
  action: auditLog.action,
  target: auditLog.target,
  detail: auditLog.detail,
  ip: auditLog.ip,
  request_id: auditLog.requestId,
};

type Selected = Omit<AuditRow, 'at' | 'area'> & { at: Date };
const toRow = (row: Selected): AuditRow => ({
  ...row,
  at: row.at.toISOString(),
  area: row.action.split('.')[0] ?? row.action,
});

async function countEntries(input: AuditFilter): Promise<{ total: number; capped: boolean }> {
  const [row] = await rowsOf<{ n: number }>(
    await db(),
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${auditLog} WHERE ${auditFilter(input) ?? sql`true`} LIMIT ${AUDIT_COUNT_CAP + 1}) AS m`,
  );
  const n = row?.n ?? 0;
  return n > AUDIT_COUNT_CAP ? { total: AUDIT_COUNT_CAP, capped: true } : { total: n, capped: false };
}

/** `getaudit`: the trail, newest first, filtered by admin, action or area, target and time. */
export async function listAudit(input: AuditListInput): Promise<ListResult<AuditRow>> {
  const run = await db();
  const [rows, count] = await Promise.all([
    run
      .select(columns)
      .from(auditLog)
      .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
      .where(auditFilter(input))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(input.record)
      .offset(input.page * input.record),
    countEntries(input),
  ]);
  const list = await withTargetNames(rows.map(toRow));
  return { list, ...count, page: input.page, record: input.record, search: '' };
}

/** Where an export batch ended: `at` as PostgreSQL's own text (microseconds; a Date keeps only ms). */
export interface AuditCursor {
  at: string;
  id: number;
}

/** The `exportaudit` CSV's columns, in order: each a field of the rows `exportAuditBatch` returns. */
export const AUDIT_EXPORT_COLUMNS = [
  'id',
  'at',
  'admin_id',
  'admin_name',
  'admin_email',
  'api_key_name',
  'action',
  'area',
  'target',
  'detail',
  'ip',
  'request_id',
  'count',
] as const satisfies readonly (keyof AuditRow)[];

/** One batch of `exportaudit`, newest first, by keyset on (at, id). */
export async function exportAuditBatch(
  filter: AuditFilter,
  after: AuditCursor | null,
  size: number,
): Promise<(AuditRow & { cursor: AuditCursor })[]> {
  const rows = await (
    await db()
  )
    .select({ ...columns, exact: sql<string>`${auditLog.at}::text` })
    .from(auditLog)
    .leftJoin(apiKeys, eq(apiKeys.id, auditLog.apiKeyId))
    .where(
      and(
        auditFilter(filter),
        after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size);
  return rows.map(({ exact, ...row }) => ({ ...toRow(row), cursor: { at: exact, id: row.id } }));
}
