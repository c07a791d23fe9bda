import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminListInput } from '../../shared/admins/admin-input';
import type { AdminRow } from '../../shared/admins/admin-input';
import type { ListResult } from '../../lib/envelope';
import { db, type Db, type Tx } from '../db/client';
import { adminInvites, admins, mfaPasskeys, mfaTotp, roles, sessions } from '../db/schema';
import { roleGrants } from '../../shared/roles/permissions';
import { contains } from '../db/text-search';

const haystack = sql`(${admins.firstName} || ' ' || ${admins.lastName} || ' ' || ${admins.email})`;

/*
 * The subqueries name the outer row as "admins"."id" by hand: drizzle leaves a lone table's
 * columns bare, and a bare "id" inside them would be the subquery's own. `mapWith` turns the
 * drivers' timestamp text (node-postgres) or Date (PGlite) into a Date alike.
 */
const columns = {
  id: admins.id,
  first_name: admins.firstName,
  last_name: admins.lastName,
  email: admins.email,
  status: admins.status,
  role: admins.role,
  role_name: roles.name,
  stored_permissions: roles.permissions,
  created_at: admins.createdAt,
  last_seen_at:
    sql<Date | null>`(SELECT max(s.last_seen_at) FROM ${sessions} s WHERE s.admin_id = "admins"."id")`.mapWith(
      sessions.lastSeenAt,
    ),
  invited_by: sql<string | null>`(
    SELECT trim(i.first_name || ' ' || i.last_name) FROM ${adminInvites} ai
    JOIN ${admins} i ON i.id = ai.invited_by
    WHERE ai.admin_id = "admins"."id" ORDER BY ai.id DESC LIMIT 1)`,
  invite_expires_at: sql<Date | null>`(
    SELECT ai.expires_at FROM ${adminInvites} ai
    WHERE ai.admin_id = "admins"."id" AND ai.used_at IS NULL ORDER BY ai.id DESC LIMIT 1)`.mapWith(
    adminInvites.expiresAt,
  ),
  // Kinds of second factor only, never a secret (server/mfa).
  mfa: sql<('passkey' | 'totp')[]>`array_remove(ARRAY[
    CASE WHEN EXISTS (SELECT 1 FROM ${mfaPasskeys} p WHERE p.admin_id = "admins"."id") THEN 'passkey' END,
    CASE WHEN EXISTS (SELECT 1 FROM ${mfaTotp} t WHERE t.admin_id = "admins"."id" AND t.confirmed_at IS NOT NULL)
      THEN 'totp' END]::text[], NULL)`,
};

type Selected = Omit<
  AdminRow,
  'created_at' | 'last_seen_at' | 'invite_expires_at' | 'is_self' | 'permissions'
> & {
  stored_permissions: string[];
  created_at: Date;
  last_seen_at: Date | null;
  invite_expires_at: Date | null;
};

function toAdminRow({ stored_permissions, ...row }: Selected, actorId: number): AdminRow {
  return {
    ...row,
    // What the role would allow: a pending admin holds none of it until approved (sessions.ts).
    permissions: row.status === 'pending' ? [] : roleGrants(row.role, stored_permissions),
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at?.toISOString() ?? null,
    invite_expires_at: row.status === 'invited' ? (row.invite_expires_at?.toISOString() ?? null) : null,
    is_self: row.id === actorId,
  };
}

/** Every admin has a role (the foreign key): its name and stored permissions come along. */
const byRole = eq(roles.key, admins.role);

const filter = (search: string): SQL | undefined => (search ? contains(haystack, search) : undefined);

/** One admin as the list shows them (after an invite or a status change); null when there is none. */
export async function selectAdminRow(run: Db | Tx, id: number, actorId: number): Promise<AdminRow | null> {
  const [row] = await run.select(columns).from(admins).innerJoin(roles, byRole).where(eq(admins.id, id));
  return row ? toAdminRow(row, actorId) : null;
}

/** `getadmins`: a page of admins in name order; few enough that a plain count is cheap. */
export async function listAdmins(input: AdminListInput, actorId: number): Promise<ListResult<AdminRow>> {
  const { page, record, search } = input;
  const database = await db();
  const [rows, [total]] = await Promise.all([
    database
      .select(columns)
      .from(admins)
      .innerJoin(roles, byRole)
      .where(filter(search))
      .orderBy(asc(sql`lower(${admins.firstName})`), asc(sql`lower(${admins.lastName})`), asc(admins.id))
      .limit(record)
      .offset(page * record),
    database.select({ n: count() }).from(admins).where(filter(search)),
  ]);
  return {
    list: rows.map((row) => toAdminRow(row, actorId)),
    total: total?.n ?? 0,
    page,
    record,
    search,
  };
}

/** Every admin's id and name, in name order: the audit screen's filter. */
export async function adminNames(): Promise<{ id: number; name: string }[]> {
  return (await db())
    .select({ id: admins.id, name: sql<string>`trim(${admins.firstName} || ' ' || ${admins.lastName})` })
    .from(admins)
    .orderBy(asc(sql`lower(${admins.firstName})`), asc(sql`lower(${admins.lastName})`), asc(admins.id));
}
