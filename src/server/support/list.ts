import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SupportListInput, SupportRow, SupportSort } from '../../shared/support/support-input';
import type { ListResult } from '../../lib/envelope';
import { db } from '../db/client';
import { supportQueries, users } from '../db/schema';
import { contains } from '../db/text-search';
import { haystack as userHaystack } from '../users/list';
import { byActivity, selectQueries, statusRank, toSupportRow } from './rows';

/** The same expression as `support_queries_search_trgm_idx`, so that index serves the search. */
const queryHaystack = sql`(${supportQueries.subject} || ' ' || ${supportQueries.message})`;

/**
 * Subject or message, or the user's name or email: two trigram index lookups (the queries' own
 * and the users' one), OR'd, instead of a join that would have to read every query.
 */
function searchFilter(search: string): SQL {
  return or(
    contains(queryHaystack, search),
    sql`${supportQueries.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${contains(userHaystack, search)})`,
  )!;
}

function filterOf(input: SupportListInput, actorId: number): SQL | undefined {
  return and(
    input.search ? searchFilter(input.search) : undefined,
    input.status ? eq(supportQueries.status, input.status) : undefined,
    input.assignee === 'mine' ? eq(supportQueries.assigneeId, actorId) : undefined,
    input.assignee === 'none' ? isNull(supportQueries.assigneeId) : undefined,
    input.waiting === '24h' ? lt(supportQueries.waitingSince, sql`now() - interval '24 hours'`) : undefined,
  );
}

/** Each order ends on the id, so pages never overlap or skip rows that tie; each has its index. */
const ORDER: Record<SupportSort, SQL[]> = {
  open: [statusRank, ...byActivity],
  '-activity': byActivity,
};

/**
 * `getsupport`: a page of queries, open ones first by default (`sort=-activity`: latest activity
 * first, whatever the status); `assignee=mine` is the asking admin's.
 */
export async function listSupport(input: SupportListInput, actorId: number): Promise<ListResult<SupportRow>> {
  const run = await db();
  const where = filterOf(input, actorId);
  const [rows, [count]] = await Promise.all([
    selectQueries(run, where)
      .orderBy(...ORDER[input.sort])
      .limit(input.record)
      .offset(input.page * input.record),
    run
      .select({ total: sql<number>`count(*)::int` })
      .from(supportQueries)
      .where(where),
  ]);
  const { page, record, search } = input;
  return { list: rows.map(toSupportRow), total: count?.total ?? 0, page, record, search };
}
