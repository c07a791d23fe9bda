import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { ListResult } from '../../lib/envelope';
import type {
  UserFilterInput,
  UserListInput,
  UserPick,
  UserRow,
  UserSort,
} from '../../features/users/user-input';
import { db } from '../db/client';
import { userCounts, users } from '../db/schema';
import { contains } from '../db/text-search';

/** The same expression as the `users_search_trgm_idx` index, so that index serves the search. */
const haystack = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, ''))`;

export const userColumns = {
  id: users.id,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  phone: users.phone,
  status: users.status,
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
  return and(search ? contains(haystack, search) : undefined, status ? eq(users.status, status) : undefined);
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

/** Without a search the total comes from the trigger-kept counters: one row, not a count over millions. */
async function countUsers(filter: UserFilterInput): Promise<number> {
  const database = await db();
  if (!filter.search) {
    const [row] = await database
      .select({ total: sql<number>`coalesce(sum(${userCounts.total}), 0)::int` })
      .from(userCounts)
      .where(filter.status ? eq(userCounts.status, filter.status) : undefined);
    return row?.total ?? 0;
  }
  const [row] = await database
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(userFilter(filter));
  return row?.total ?? 0;
}

export async function listUsers(input: UserListInput): Promise<ListResult<UserRow>> {
  const { page, record, sort } = input;
  const [rows, total] = await Promise.all([
    (await db())
      .select(userColumns)
      .from(users)
      .where(userFilter(input))
      .orderBy(...ORDER[sort])
      .limit(record)
      .offset(page * record),
    countUsers(input),
  ]);
  return { list: rows.map(toUserRow), total, page, record, search: input.search };
}

/** The recipient picker and the header's quick search: at most 20 matches. */
export async function pickUsers(search: string): Promise<UserPick[]> {
  const rows = await (
    await db()
  )
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(search ? contains(haystack, search) : undefined)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(20);
  return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`, email: row.email }));
}

/** One batch of the CSV export: keyset paging by id, so each batch is a short, indexed query. */
export async function exportBatch(
  filter: UserFilterInput,
  afterId: number,
  size: number,
): Promise<UserRow[]> {
  const rows = await (
    await db()
  )
    .select(userColumns)
    .from(users)
    .where(and(userFilter(filter), gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(size);
  return rows.map(toUserRow);
}
