import { asc, eq } from 'drizzle-orm';
import type { Person, SupportMessage, SupportRow, SupportThread } from '../../shared/support/support-input';
import { db, type Db, type Tx } from '../db/client';
import { admins, supportQueries, supportReplies } from '../db/schema';
import { HttpError } from '../http/errors';
import { iso, selectQueries, toSupportRow } from './rows';
import { adminDisplayName } from '../admins/display-name';

/** One query as the list shows it; 404 when there is none. */
export async function supportRow(id: number, run?: Db | Tx): Promise<SupportRow> {
  const [row] = await selectQueries(run ?? (await db()), eq(supportQueries.id, id));
  if (!row) throw new HttpError(404, 'support.api.notFound');
  return toSupportRow(row);
}

/** Everything after the user's first message, oldest first, internal notes included. */
async function messagesOf(run: Db | Tx, queryId: number): Promise<SupportMessage[]> {
  const rows = await run
    .select({
      id: supportReplies.id,
      kind: supportReplies.kind,
      message: supportReplies.message,
      mail_state: supportReplies.mailState,
      created_at: supportReplies.createdAt,
      admin_id: admins.id,
      admin_name: adminDisplayName(admins.firstName, admins.lastName),
    })
    .from(supportReplies)
    .leftJoin(admins, eq(admins.id, supportReplies.adminId))
    .where(eq(supportReplies.queryId, queryId))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  return rows.map(({ admin_id, admin_name, ...row }) => ({
    ...row,
    author: admin_id === null ? null : { id: admin_id, name: admin_name ?? '' },
    created_at: iso(row.created_at),
  }));
}

/** The assignee picker's choices: only active admins may be given a query. */
export async function activeAdmins(run?: Db | Tx): Promise<Person[]> {
  const rows = await (run ?? (await db()))
    .select({ id: admins.id, first: admins.firstName, last: admins.lastName })
    .from(admins)
    .where(eq(admins.status, 'active'))
    .orderBy(asc(admins.firstName), asc(admins.lastName), asc(admins.id))
    .limit(500);
  return rows.map((row) => ({ id: row.id, name: `${row.first} ${row.last}` }));
}

/** `getsupportquery`: the query, its whole thread in order, and who it may be assigned to. */
export async function supportThread(id: number, run?: Db | Tx): Promise<SupportThread> {
  const database = run ?? (await db());
  const query = await supportRow(id, database);
  const [messages, assignees] = await Promise.all([messagesOf(database, id), activeAdmins(database)]);
  return { query, messages, assignees };
}
