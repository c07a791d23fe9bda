import { asc, desc, eq, inArray, ne, and, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db, type Db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { admins, supportQueries, supportReplies, users } from '../db/schema';
import type { AppClient } from '../http/app-request';
import { HttpError } from '../http/errors';
import {
  APP_SUPPORT_PAGE_SIZE,
  type AppSupportListInput,
  type AppSupportPostInput,
  type AppSupportQuery,
} from './app-input';
import { iso } from './rows';
import { auditTarget } from '../../shared/audit/vocabulary';

/** The product's side of the help center (`/api/app/support`). */

async function userIdOf(run: Db | Tx, ref: { user_id?: number; external_id?: string }): Promise<number> {
  const [row] = await run
    .select({ id: users.id })
    .from(users)
    .where(ref.user_id !== undefined ? eq(users.id, ref.user_id) : eq(users.externalId, ref.external_id!));
  if (!row) throw new HttpError(404, 'appApi.support.userNotFound');
  return row.id;
}

export interface AppSupportPosted {
  query_id: number;
  /** The follow-up's id; absent for a new query. */
  message_id?: number;
  status: string;
}

/**
 * A user's new query, or their follow-up on one of their own queries: the follow-up makes them
 * wait again (from its arrival unless already waiting) and reopens a resolved query. Another
 * user's query, or none, is 404: the same answer, so ids of others' queries cannot be probed.
 */
export async function postFromUser(input: AppSupportPostInput, client: AppClient): Promise<AppSupportPosted> {
  return (await db()).transaction(async (tx) => {
    const userId = await userIdOf(tx, input);
    if (input.query_id === undefined) {
      const [query] = await tx
        .insert(supportQueries)
        .values({
          userId,
          subject: input.subject!,
          message: input.message,
          waitingSince: sql`now()`,
          lastMessageAt: sql`now()`,
        })
        .returning({ id: supportQueries.id, status: supportQueries.status });
      await audit(tx, {
        adminId: null,
        apiKeyId: client.keyId,
        action: 'app.support_query',
        target: auditTarget('support', query!.id),
        detail: JSON.stringify({ key_id: client.keyId, user_id: userId }),
        ip: client.ip,
      });
      return { query_id: query!.id, status: query!.status };
    }
    const [own] = await rowsOf<{ status: string }>(
      tx,
      sql`SELECT status FROM support_queries WHERE id = ${input.query_id} AND user_id = ${userId} FOR UPDATE`,
    );
    if (!own) throw new HttpError(404, 'appApi.support.queryNotFound');
    const [message] = await tx
      .insert(supportReplies)
      .values({ queryId: input.query_id, kind: 'user', message: input.message })
      .returning({ id: supportReplies.id });
    const [after] = await rowsOf<{ status: string }>(
      tx,
      sql`UPDATE support_queries SET
            status = CASE WHEN status = 'resolved' THEN 'open' ELSE status END,
            waiting_since = coalesce(waiting_since, now()), reply_count = reply_count + 1,
            last_message_at = now(), updated_at = now()
          WHERE id = ${input.query_id} RETURNING status`,
    );
    await audit(tx, {
      adminId: null,
      apiKeyId: client.keyId,
      action: 'app.support_followup',
      target: auditTarget('support', input.query_id),
      detail: JSON.stringify({
        key_id: client.keyId,
        message_id: message!.id,
        reopened: own.status === 'resolved',
      }),
      ip: client.ip,
    });
    return { query_id: input.query_id, message_id: message!.id, status: after!.status };
  });
}

export interface AppSupportPage {
  list: AppSupportQuery[];
  total: number;
  page: number;
  record: number;
}

/** `GET /api/app/support`: the user's queries, newest first, 20 a page, each with its visible thread. */
export async function queriesOfUser(input: AppSupportListInput): Promise<AppSupportPage> {
  const database = await db();
  const userId = await userIdOf(database, input);
  const [queries, [count]] = await Promise.all([
    database
      .select({
        id: supportQueries.id,
        subject: supportQueries.subject,
        message: supportQueries.message,
        status: supportQueries.status,
        created_at: supportQueries.createdAt,
      })
      .from(supportQueries)
      .where(eq(supportQueries.userId, userId))
      .orderBy(desc(supportQueries.createdAt), desc(supportQueries.id))
      .limit(APP_SUPPORT_PAGE_SIZE)
      .offset(input.page * APP_SUPPORT_PAGE_SIZE),
    database
      .select({ total: sql<number>`count(*)::int` })
      .from(supportQueries)
      .where(eq(supportQueries.userId, userId)),
  ]);
  const ids = queries.map((query) => query.id);
  const messages =
    ids.length === 0
      ? []
      : await database
          .select({
            id: supportReplies.id,
            query_id: supportReplies.queryId,
            kind: supportReplies.kind,
            message: supportReplies.message,
            from: admins.firstName,
            created_at: supportReplies.createdAt,
          })
          .from(supportReplies)
          .leftJoin(admins, eq(admins.id, supportReplies.adminId))
          .where(and(inArray(supportReplies.queryId, ids), ne(supportReplies.kind, 'note')))
          .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
  return {
    list: queries.map((query) => ({
      ...query,
      created_at: iso(query.created_at),
      messages: messages
        .filter((message) => message.query_id === query.id)
        .map(({ query_id: _query, kind, from, ...message }) => ({
          ...message,
          kind: kind as 'user' | 'reply',
          from: kind === 'reply' ? (from ?? null) : null,
          created_at: iso(message.created_at),
        })),
    })),
    total: count?.total ?? 0,
    page: input.page,
    record: APP_SUPPORT_PAGE_SIZE,
  };
}
