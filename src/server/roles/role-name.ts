import { and, eq, ne, sql } from 'drizzle-orm';
import { BUILT_IN_ROLES } from '../../shared/roles/permissions';
import { builtInRoleLabelKeys } from '../../shared/roles/roles-labels';
import { catalogues } from '../../i18n';
import type { Tx } from '../db/client';
import { roles } from '../db/schema';
import { HttpError } from '../http/errors';

/** Names compare as a reader sees them: letter case and compatibility forms (full-width…) aside. */
const fold = (name: string) => name.normalize('NFKC').toLowerCase();

/**
 * Every name a built-in role goes by, in every language, and its key. The built-in rows store no
 * name (the catalogues name them), so the unique index on names never sees these.
 */
const BUILT_IN_NAMES = new Set([
  ...BUILT_IN_ROLES.map(fold),
  ...Object.values(catalogues).flatMap((catalogue) =>
    Object.values(builtInRoleLabelKeys).map((key) => fold(catalogue[key])),
  ),
]);

export const nameTaken = () =>
  new HttpError(409, 'roles.api.nameTaken', { fieldKeys: { name: 'roles.api.nameTaken' } });

/**
 * A custom role's name says which role it is: never a built-in role's (a custom "Owner" would pass
 * for the real one on the Administrators tab), nor another custom role's, in any letter case.
 */
export async function assertNameFree(tx: Tx, name: string, key: string | undefined): Promise<void> {
  if (BUILT_IN_NAMES.has(fold(name))) {
    throw new HttpError(409, 'roles.api.nameBuiltIn', { fieldKeys: { name: 'roles.api.nameBuiltIn' } });
  }
  const [clash] = await tx
    .select({ key: roles.key })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), key ? ne(roles.key, key) : undefined));
  if (clash) throw nameTaken();
}
