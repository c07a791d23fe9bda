import { AuditListInput } from '../../../shared/audit/audit-input';
import { listAudit } from '../../../server/audit/list';
import { endpoint, ok, readQuery } from '../../../server/http/envelope';

/** The audit trail, newest first, filtered by admin, action or area, target and time. */
export const GET = endpoint(async (context) =>
  ok(context, 'api.ok', { ResponseData: await listAudit(readQuery(context, AuditListInput)) }),
);
