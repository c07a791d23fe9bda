import { apiRoute } from '../../../shared/routes/declare';
import { AuditFilter } from '../../../shared/audit/audit-input';
import { AUDIT_EXPORT_COLUMNS, exportAuditBatch, type AuditCursor } from '../../../server/audit/list';
import { auditedExport, EXPORT_BATCH } from '../../../server/export/audited-export';
import { endpoint, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/exportaudit',
  methods: ['GET'],
  access: 'audit.view',
  working: true,
  input: AuditFilter,
});

/** Every audit entry matching the trail's filter, newest first, as CSV (exporting it is audited too). */
export const GET = endpoint(async (context) => {
  return auditedExport(context, () => {
    const filter = readQuery(context, route.input);
    return {
      action: 'audit.export',
      detail: filter,
      filename: 'audit-log',
      columns: AUDIT_EXPORT_COLUMNS,
      batch: async (after: AuditCursor | null) => {
        const rows = await exportAuditBatch(filter, after, EXPORT_BATCH);
        return { rows, cursor: rows.at(-1)?.cursor ?? null };
      },
    };
  });
});
