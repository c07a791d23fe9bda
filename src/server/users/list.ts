import { and, asc, between, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '../../lib/envelope';
import type {
  UserFilterInput,
  UserListInput,
  UserPick,
  UserRow,
  UserSort,
} from '../../shared/users/user-input';
import { db, type Db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { gameHistory, userCounts, users } from '../db/schema';
import { contains } from '../db/text-search';

/** The same expression as the `users_search_trgm_idx` index, so that index serves the search. */
export const haystack = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, ''))`;

/**
 * The status as of now: a ban whose end has passed no longer counts, even before the worker has
 * written the change (src/server/users/bans.ts), so every read agrees with the clock.
 */
export const effectiveStatus = sql<
  UserRow['status']
>`(CASE WHEN ${users.status} = 'blocked' AND ${users.bannedUntil} <= now() THEN 'active' ELSE ${users.status} END)`;

/** Blocked with an end that has passed: counted as active (the `users_ban_end_idx` index finds them). */
const banEnded = sql`(${users.status} = 'blocked' AND ${users.bannedUntil} <= now())`;

function statusIs(status: UserRow['status']): SQL {
  return status === 'blocked'
    ? sql`(${users.status} = 'blocked' AND (${users.bannedUntil} IS NULL OR ${users.bannedUntil} > now()))`
    : sql`(${users.status} = 'active' OR ${banEnded})`;
}

export const userColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone: users.phone,
  status: effectiveStatus,
  profile: users.profile,
  // Qualified by hand: drizzle leaves a lone table's columns bare, and a bare "id" in the
  // subquery would be game_history's own.
  games_played: sql<number>`(SELECT count(*) FROM game_history g WHERE g.user_id = "users"."id")::int`,
  created_at: users.createdAt,
  last_active_at: users.lastActiveAt,
};

type SelectedUser = Omit<UserRow, 'created_at' | 'last_active_at'> & {
  created_at: Date;
  last_active_at: Date | null;
};

export function toUserRow(row: SelectedUser): UserRow {
  return {
    ...row,
    created_at: row.created_at.toISOString(),
    last_active_at: row.last_active_at?.toISOString() ?? null,
  };
}

export function userFilter({ search, status }: UserFilterInput): SQL | undefined {
  return and(search ? contains(haystack, search) : undefined, status ? statusIs(status) : undefined);
}

/** Each sort ends on the id, so pages never overlap or skip rows that tie. */
const ORDER: Record<UserSort, SQL[]> = {
  name: [asc(users.firstName), asc(users.lastName), asc(users.id)],
  '-name': [desc(users.firstName), desc(users.lastName), desc(users.id)],
  joined: [asc(users.createdAt), asc(users.id)],
  '-joined': [desc(users.createdAt), desc(users.id)],
  last_active: [sql`${users.lastActiveAt} ASC NULLS FIRST`, asc(users.id)],
  '-last_active': [sql`${users.lastActiveAt} DESC NULLS LAST`, desc(users.id)],
};

/**
 * A search that matches more users than this reports "at least COUNT_CAP" (`capped`): counting
 * every match of a broad search ("smith" in a million users) means reading most of the table, so
 * the count stops here. The bulk actions and the export still act on every match.
 */
export const COUNT_CAP = 1000;

interface Total {
  total: number;
  capped: boolean;
}

/** Without a search the total comes from the trigger-kept counters: one row, not a count over millions. */
async function countUsers(filter: UserFilterInput): Promise<Total> {
  const database = await db();
  if (!filter.search) {
    const [row] = await database
      .select({ total: sql<number>`coalesce(sum(${userCounts.total}), 0)::int` })
      .from(userCounts)
      .where(filter.status ? eq(userCounts.status, filter.status) : undefined);
    const total = row?.total ?? 0;
    if (!filter.status) return { total, capped: false };
    // The counters follow the stored status; bans that ended and await the worker move across.
    const [ended] = await database
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(banEnded);
    const moved = ended?.n ?? 0;
    return { total: filter.status === 'active' ? total + moved : Math.max(0, total - moved), capped: false };
  }
  const [row] = await rowsOf<{ n: number }>(
    database,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${users} WHERE ${userFilter(filter)} LIMIT ${COUNT_CAP + 1}) AS m`,
  );
  const n = row?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

function pageQuery(run: Db | Tx, input: UserListInput) {
  return run
    .select(userColumns)
    .from(users)
    .where(userFilter(input))
    .orderBy(...ORDER[input.sort])
    .limit(input.record)
    .offset(input.page * input.record);
}

/**
 * A broad search is paged by walking the sort's own index and skipping non-matches: the planner
 * misjudges how many rows a trigram pattern matches and would otherwise fetch and sort every match
 * (tens of thousands of scattered rows) to show ten. A narrow search keeps the trigram index.
 */
async function broadSearchPage(input: UserListInput) {
  return (await db()).transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    return pageQuery(tx, input);
  });
}

export async function listUsers(input: UserListInput): Promise<ListResult<UserRow>> {
  const { page, record, search } = input;
  if (!search) {
    const [rows, count] = await Promise.all([pageQuery(await db(), input), countUsers(input)]);
    return { list: rows.map(toUserRow), ...count, page, record, search };
  }
  const count = await countUsers(input);
  const rows = count.capped ? await broadSearchPage(input) : await pageQuery(await db(), input);
  return { list: rows.map(toUserRow), ...count, page, record, search };
}

/** Whether a picker's answer names the users' emails: only for an admin who may see the users list. */
export interface PickView {
  emails: boolean;
}

const pick = (row: { id: number; firstName: string; lastName: string; email: string }, view: PickView) =>
  view.emails
    ? { id: row.id, name: `${row.firstName} ${row.lastName}`, email: row.email }
    : { id: row.id, name: `${row.firstName} ${row.lastName}` };

/**
 * The recipient picker and the header's quick search: at most 20 matches, in name order among the
 * first 200 the trigram index finds (sorting every match of a common name would read most of the
 * table); typing more narrows it. Without `emails` (no `users.view`), answers carry names only and
 * match by name only, so typing an address cannot tell whose it is; the index still finds the
 * candidates, the name is checked on those.
 */
export async function pickUsers(search: string, view: PickView): Promise<UserPick[]> {
  const byName = view.emails
    ? undefined
    : contains(sql`(${users.firstName} || ' ' || ${users.lastName})`, search);
  const found = (await db())
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(search ? and(contains(haystack, search), byName) : undefined)
    .limit(200)
    .as('found');
  const rows = await (
    await db()
  )
    .select()
    .from(found)
    .orderBy(asc(found.firstName), asc(found.lastName), asc(found.id))
    .limit(20);
  return rows.map((row) => pick(row, view));
}

/**
 * The users with these ids as the recipient picker shows them, in the order given; ids of users
 * that no longer exist are left out. The notifications composer fills its chips with them when an
 * admin arrives from /users with a selection.
 */
export async function pickUsersById(ids: readonly number[], view: PickView): Promise<UserPick[]> {
  if (ids.length === 0) return [];
  const rows = await (
    await db()
  )
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [pick(row, view)] : [];
  });
}

/** The `exportusers` CSV's columns, in order: each a field of the rows `exportBatch` returns. */
export const USER_EXPORT_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'status',
  'games_played',
  'created_at',
  'last_active_at',
] as const satisfies readonly (keyof UserRow)[];

/**
 * One batch of the CSV export: keyset paging by id, so each batch is a short, indexed query. The
 * games are counted for the batch's id range in one index range scan, not one subquery per row.
 */
export async function exportBatch(
  filter: UserFilterInput,
  afterId: number,
  size: number,
  /** Only these users (the selected rows), within the filter. */
  ids?: readonly number[],
): Promise<UserRow[]> {
  const database = await db();
  const { games_played: _perRow, ...columns } = userColumns;
  const rows = await database
    .select(columns)
    .from(users)
    .where(and(userFilter(filter), ids ? inArray(users.id, [...ids]) : undefined, gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(size);
  if (rows.length === 0) return [];
  const counts = await database
    .select({ userId: gameHistory.userId, n: sql<number>`count(*)::int` })
    .from(gameHistory)
    .where(between(gameHistory.userId, rows[0]!.id, rows.at(-1)!.id))
    .groupBy(gameHistory.userId);
  const played = new Map(counts.map((count) => [count.userId, count.n]));
  return rows.map((row) => toUserRow({ ...row, games_played: played.get(row.id) ?? 0 }));
}
