import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { ApiKeyCreated, ApiKeyListInput, ApiKeyRow } from '../../shared/api-keys/api-key-input';
import type { ListResult } from '../../lib/envelope';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { admins, apiKeys } from '../db/schema';
import { contains } from '../db/text-search';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { newApiKey } from './keys';
import { adminDisplayName } from '../admins/display-name';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../shared/roles/permissions';
import { grantableScopes } from '../../shared/api-keys/scope-needs';
import { assertMayGive, makersPermissions } from './maker';
import { auditTarget } from '../../shared/audit/vocabulary';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdBy: adminDisplayName(admins.firstName, admins.lastName),
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
};

type SelectedKey = {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function toRow(row: SelectedKey): ApiKeyRow {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const notFound = () => new HttpError(404, 'apiKeys.api.notFound');

/**
 * Makes a key and returns it: the answer to this call is the only place the key ever appears.
 * `chosen` is what the admin ticked; left out (an API call without `scopes`), the key gets every
 * scope its maker may give. The maker's permissions are read in this transaction, with their admin
 * and role rows locked (shared), so a role taken away at the same moment either waits for this key
 * or is seen by it: a key never gets a scope its maker no longer holds when it is made.
 */
export async function createApiKey(
  name: string,
  actor: Actor,
  chosen?: readonly ApiKeyScope[],
): Promise<ApiKeyCreated> {
  const { key, hash, prefix } = newApiKey();
  return (await db()).transaction(async (tx) => {
    const held = await makersPermissions(tx, actor.adminId);
    const scopes = chosen ? API_KEY_SCOPES.filter((scope) => chosen.includes(scope)) : grantableScopes(held);
    assertMayGive(scopes, held, chosen === undefined);
    const [created] = await tx
      .insert(apiKeys)
      .values({ name, keyHash: hash, prefix, scopes, createdBy: actor.adminId })
      .returning({ id: apiKeys.id });
    const id = created!.id;
    await audit(tx, {
      adminId: actor.adminId,
      action: 'apikeys.create',
      target: auditTarget('apikeys', id),
      detail: JSON.stringify({ name, prefix, scopes }),
      ip: actor.ip,
    });
    return { id, name, prefix, scopes, key };
  });
}

/**
 * Every key, live ones first, newest first within each group; revoked keys stay listed (marked)
 * so the admin can see what was turned off and when. `search` matches the name or the prefix.
 */
export async function listApiKeys(input: ApiKeyListInput): Promise<ListResult<ApiKeyRow>> {
  const { page, record, search } = input;
  const where = search
    ? or(contains(sql`${apiKeys.name}`, search), contains(sql`${apiKeys.prefix}`, search))
    : undefined;
  const database = await db();
  const [rows, [total]] = await Promise.all([
    database
      .select(columns)
      .from(apiKeys)
      .leftJoin(admins, eq(admins.id, apiKeys.createdBy))
      .where(where)
      .orderBy(sql`${apiKeys.revokedAt} IS NOT NULL`, desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(record)
      .offset(page * record),
    database.select({ n: count() }).from(apiKeys).where(where),
  ]);
  return { list: rows.map(toRow), total: total?.n ?? 0, page, record, search };
}

async function selectKey(tx: Tx, id: number): Promise<ApiKeyRow> {
  const [row] = await tx
    .select(columns)
    .from(apiKeys)
    .leftJoin(admins, eq(admins.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, id));
  if (!row) throw notFound();
  return toRow(row);
}

/**
 * Revokes at once: the next request with the key is refused, on every instance, since each
 * request reads the key's row. Revoking a revoked key changes nothing and writes no audit row.
 */
export async function revokeApiKey(id: number, actor: Actor): Promise<ApiKeyRow> {
  return (await db()).transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    const row = await selectKey(tx, id);
    if (revoked) {
      await audit(tx, {
        adminId: actor.adminId,
        action: 'apikeys.revoke',
        target: auditTarget('apikeys', id),
        detail: JSON.stringify(revoked),
        ip: actor.ip,
      });
    }
    return row;
  });
}
