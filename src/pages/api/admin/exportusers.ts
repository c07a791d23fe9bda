import { apiRoute } from '../../../shared/routes/declare';
import { UserExportInput } from '../../../shared/users/user-input';
import { auditedExport, EXPORT_BATCH } from '../../../server/export/audited-export';
import { endpoint, readQuery } from '../../../server/http/envelope';
import { exportBatch, USER_EXPORT_COLUMNS } from '../../../server/users/list';

export const route = apiRoute({
  path: '/api/admin/exportusers',
  methods: ['GET'],
  access: 'users.export',
  working: true,
  input: UserExportInput,
});

/**
 * Every user matching the list's filter, or only the selected `ids`, as CSV (personal data leaving
 * the system: audited, with the ids).
 */
export const GET = endpoint(async (context) => {
  return auditedExport(context, () => {
    const { search, status, ids } = readQuery(context, route.input);
    return {
      action: 'users.export',
      detail: { search, status, ids },
      filename: 'users',
      columns: USER_EXPORT_COLUMNS,
      batch: async (afterId: number | null) => {
        const rows = await exportBatch({ search, status }, afterId ?? 0, EXPORT_BATCH, ids);
        return { rows, cursor: rows.at(-1)?.id ?? null };
      },
    };
  });
});
