import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';

/** What an erased player's product id leaves behind: its SHA-256, hex. */
export function externalIdHash(externalId: string): string {
  return createHash('sha256').update(externalId, 'utf8').digest('hex');
}

/** The product ids among `externalIds` that belong to erased players. */
export async function erasedExternalIds(tx: Db | Tx, externalIds: readonly string[]): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const byHash = new Map(externalIds.map((id) => [externalIdHash(id), id]));
  const rows = await rowsOf<{ hash: string }>(
    tx,
    sql`SELECT external_id_hash AS hash FROM erasure_tombstones
        WHERE external_id_hash IN ${[...byHash.keys()]}`,
  );
  return new Set(rows.map((row) => byHash.get(row.hash)!));
}
