import { eq } from 'drizzle-orm';
import type { ApiKeyScope, Permission } from '../../shared/roles/permissions';
import { missingFor } from '../../shared/api-keys/scope-needs';
import type { Tx } from '../db/client';
import { admins, roles } from '../db/schema';
import { HttpError } from '../http/errors';
import { holderOf } from '../roles/authority';

/**
 * What the admin making a key may do, as the database says now. Their admin row and their role's
 * row are locked (shared) first, one at a time: a join in the locking statement would drop the
 * admin when their role changed while it waited (see lockAdmins in src/server/admins/status.ts).
 */
export async function makersPermissions(tx: Tx, adminId: number): Promise<Permission[]> {
  const [admin] = await tx
    .select({ role: admins.role })
    .from(admins)
    .where(eq(admins.id, adminId))
    .for('share');
  if (admin) await tx.select({ key: roles.key }).from(roles).where(eq(roles.key, admin.role)).for('share');
  const holder = await holderOf(tx, adminId);
  if (!holder) throw new HttpError(401, 'api.error.unauthorized');
  return holder.permissions;
}

/**
 * 403 on `scopes` naming the first scope the maker may not give and the permission it needs.
 * `implied`: the caller sent no `scopes`, so the list is what the maker may give; only an empty
 * one is refused, as there is nothing the key could do.
 */
export function assertMayGive(scopes: readonly ApiKeyScope[], held: readonly Permission[], implied: boolean) {
  if (implied && scopes.length === 0) {
    throw new HttpError(403, 'apiKeys.api.nothingToGive', {
      fieldKeys: { scopes: 'apiKeys.api.nothingToGive' },
    });
  }
  for (const scope of scopes) {
    const permission = missingFor(scope, held);
    if (permission) {
      throw new HttpError(403, 'apiKeys.api.scopeBeyond', {
        fieldKeys: { scopes: 'apiKeys.api.scopeBeyond' },
        values: { scope, permission },
        body: { scope, permission },
      });
    }
  }
}
