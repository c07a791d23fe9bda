import { UserListInput, type UserRow } from '../../../features/users/user-input';
import { audit } from '../../../server/audit/service';
import { db } from '../../../server/db/client';
import { csvDownload, csvStream } from '../../../server/export/csv';
import { actorOf, assertSameOriginGet } from '../../../server/http/admin-request';
import { endpoint, readQuery } from '../../../server/http/envelope';
import { exportBatch } from '../../../server/users/list';

/** Small enough that a batch's rows and text stay young garbage; large enough to keep queries few. */
const BATCH = 2000;
const HEADER = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'status',
  'games_played',
  'created_at',
  'last_active_at',
];
const cells = (u: UserRow) => [
  u.id,
  u.first_name,
  u.last_name,
  u.email,
  u.phone,
  u.status,
  u.games_played,
  u.created_at,
  u.last_active_at,
];

/** Every user matching the list's filter, as CSV, streamed in keyset batches (DESIGN.md §8). */
export const GET = endpoint(async (context) => {
  const actor = actorOf(context);
  assertSameOriginGet(context);
  const { search, status } = readQuery(context, UserListInput);
  // Personal data leaving the system: who exported what is kept.
  await audit(await db(), {
    adminId: actor.adminId,
    action: 'users.export',
    detail: JSON.stringify({ search, status }),
    ip: actor.ip,
  });
  let afterId = 0;
  const body = csvStream(
    HEADER,
    cells,
    async () => {
      const rows = await exportBatch({ search, status }, afterId, BATCH);
      afterId = rows.at(-1)?.id ?? afterId;
      return rows;
    },
    () => context.locals.outputReady?.() ?? Promise.resolve(),
  );
  return csvDownload(body, 'users');
});
