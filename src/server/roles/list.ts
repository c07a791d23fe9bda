import { asc, count, eq, sql } from 'drizzle-orm';
import { BUILT_IN_ROLES, isBuiltInRole, roleGrants } from '../../shared/roles/permissions';
import { builtInRoleLabelKeys } from '../../shared/roles/roles-labels';
import { translate, type T } from '../../lib/labels';
import type { RoleRow } from '../../shared/roles/role-input';
import { db, type Db, type Tx } from '../db/client';
import { admins, roles } from '../db/schema';

const builtInOrder = sql.raw(
  `array_position(ARRAY[${BUILT_IN_ROLES.map((key) => `'${key}'`).join(',')}]::text[], ${'"roles"."key"'})`,
);

/** `getroles`: the built-in roles in their fixed order, then the custom ones by name; each with its members. */
export async function listRoles(run?: Db | Tx): Promise<RoleRow[]> {
  const database = run ?? (await db());
  const rows = await database
    .select({
      key: roles.key,
      name: roles.name,
      built_in: roles.builtIn,
      require_mfa: roles.requireMfa,
      stored: roles.permissions,
      members: count(admins.id),
    })
    .from(roles)
    .leftJoin(admins, eq(admins.role, roles.key))
    .groupBy(roles.key)
    .orderBy(sql`${builtInOrder} NULLS LAST`, asc(sql`lower(${roles.name})`), asc(roles.key));
  return rows.map(({ stored, ...row }) => ({ ...row, permissions: roleGrants(row.key, stored) }));
}

/** A role's name: the catalogue's for a built-in one, the stored one for a custom role. */
export async function roleName(key: string, t: T): Promise<string> {
  if (isBuiltInRole(key)) return translate(t, builtInRoleLabelKeys)[key];
  const [row] = await (await db()).select({ name: roles.name }).from(roles).where(eq(roles.key, key));
  return row?.name ?? key;
}
