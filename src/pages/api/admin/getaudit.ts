import { apiRoute } from '../../../shared/routes/declare';
import { AuditListInput } from '../../../shared/audit/audit-input';
import { listAudit } from '../../../server/audit/list';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

export const route = apiRoute({
  path: '/api/admin/getaudit',
  methods: ['GET'],
  access: 'audit.view',
  input: AuditListInput,
});

/** The audit trail, newest first, filtered by admin, action or area, target and time. */
export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listAudit(readQuery(context, route.input)) }),
);
