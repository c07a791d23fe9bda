import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import { AUDIT_VALUE_LIMIT } from '../audit/changes';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { rowsOf } from '../db/rows';
import { users } from '../db/schema';
import type { AppClient } from '../http/app-request';
import { HttpError } from '../http/errors';
import { currentRequest } from '../http/request-context';
import { erasedExternalIds } from '../privacy/tombstones';
import { matchBansToStatus } from './bans';
import type { AppUserRow } from './sync-input';
import { auditTarget } from '../../shared/audit/vocabulary';

/**
 * Syncs (any instance, any key) take this transaction-scoped lock in turn, so two calls that bring
 * the same new email never race to the unique index: the second sees the first's rows when it
 * checks. A batch of 1,000 holds it for tens of milliseconds.
 */
const EMAIL_WRITERS = 7261000901;
const SYNC_LOCK = sql`SELECT pg_advisory_xact_lock(${sql.raw(String(EMAIL_WRITERS))})`;
/**
 * An admin adding or editing a user takes the same lock shared: admins never wait for each other,
 * only for a sync under way, so a sync's check and write are never split by an admin's new email.
 */
export const BESIDE_SYNCS = sql`SELECT pg_advisory_xact_lock_shared(${sql.raw(String(EMAIL_WRITERS))})`;
/** Another writer (outside the product) can still take an email between the check and the write. */
const MAX_TRIES = 3;

export interface SyncOutcome {
  created: number;
  updated: number;
  /** Rows that matched a user who already had exactly these values: nothing written. */
  unchanged: number;
  /** Rows whose email belongs to another user (not the one with this external id). */
  taken: AppUserRow[];
  /** Rows naming an erased player (a tombstone holds their id's hash): never written back. */
  erased?: AppUserRow[];
}

/** The fields a sync writes, each audited as `[before, after]` when it changed (never a secret). */
const AUDITED = ['first_name', 'last_name', 'email', 'phone', 'status'] as const;

/** A value as the trail keeps it: cut at the admin path's limit (AUDIT_VALUE_LIMIT). */
const kept = (value: SQL) =>
  sql`CASE WHEN length(${value}) > ${AUDIT_VALUE_LIMIT}::int
    THEN left(${value}, ${AUDIT_VALUE_LIMIT - 1}::int) || '…' ELSE ${value} END`;

/** One field's `[before, after]`, or null (dropped from `changes`) when it did not change. */
function change(field: (typeof AUDITED)[number]): SQL {
  const before = sql.raw(`b.${field}`);
  const after = sql.raw(`up.${field}`);
  return sql`CASE WHEN ${before} IS DISTINCT FROM ${after} THEN json_build_array(${kept(before)}, ${kept(after)}) END`;
}

/** The action as the admin screens write it: a status change is a block or an unblock. */
const ACTION = sql`CASE
  WHEN up.inserted THEN 'users.create'
  WHEN b.status IS DISTINCT FROM up.status AND up.status = 'blocked' THEN 'users.block'
  WHEN b.status IS DISTINCT FROM up.status THEN 'users.unblock'
  ELSE 'users.update' END`;

/** One try, inside a savepoint: check who holds each email, then one set-based upsert. */
async function attempt(tx: Tx, rows: readonly AppUserRow[], client: AppClient): Promise<SyncOutcome> {
  // Locks the users this batch updates, in id order, so an admin's edit of one cannot slip in
  // between reading their current phone and status (kept when a row leaves them out) and writing.
  const existing = await tx
    .select({ externalId: users.externalId, phone: users.phone, status: users.status })
    .from(users)
    .where(
      inArray(
        users.externalId,
        rows.map((row) => row.external_id),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  const holders = await tx
    .select({ email: sql<string>`lower(${users.email})`, externalId: users.externalId })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        rows.map((row) => row.email.toLowerCase()),
      ),
    );
  const holderOf = new Map(holders.map((holder) => [holder.email, holder.externalId]));
  const current = new Map(existing.map((user) => [user.externalId, user]));
  const taken: AppUserRow[] = [];
  const values = [];
  for (const row of rows) {
    const holder = holderOf.get(row.email.toLowerCase());
    if (holder !== undefined && holder !== row.external_id) {
      taken.push(row);
      continue;
    }
    const was = current.get(row.external_id);
    values.push({
      external_id: row.external_id,
      first_name: row.first_name,
      last_name: row.last_name,
      email: row.email,
      phone: row.phone !== undefined ? row.phone : (was?.phone ?? null),
      status: row.status ?? was?.status ?? 'active',
    });
  }
  if (values.length === 0) return { created: 0, updated: 0, unchanged: 0, taken };
  // One statement for the whole batch. A user whose values are already these is not written
  // (no new row version, no trigger work); `xmax = 0` tells an inserted row from an updated one.
  // The same statement writes each written user's audit row: `before` reads the rows as they were
  // when it began (every part of one statement sees one snapshot), so old → new is exact.
  const request = currentRequest();
  const [counts] = await rowsOf<{ created: number; updated: number }>(
    tx,
    sql`
    WITH r AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(values)}::json) AS r(
        external_id text, first_name text, last_name text, email text, phone text, status text)
    ),
    before AS (
      SELECT u.external_id, u.first_name, u.last_name, u.email, u.phone, u.status
      FROM users u JOIN r ON r.external_id = u.external_id
    ),
    up AS (
      INSERT INTO users (external_id, first_name, last_name, email, phone, status)
      SELECT r.external_id, r.first_name, r.last_name, r.email, r.phone, r.status FROM r
      ON CONFLICT (external_id) DO UPDATE SET
        first_name = excluded.first_name,
        last_name = excluded.last_name,
        email = excluded.email,
        phone = excluded.phone,
        status = excluded.status,
        updated_at = now()
      WHERE (users.first_name, users.last_name, users.email, users.phone, users.status)
        IS DISTINCT FROM (excluded.first_name, excluded.last_name, excluded.email, excluded.phone, excluded.status)
      RETURNING id, external_id, first_name, last_name, email, phone, status, (xmax = 0) AS inserted
    ),
    trail AS (
      INSERT INTO audit_log (api_key_id, action, target, detail, ip, user_agent, request_id)
      SELECT ${client.keyId}::int,
        ${ACTION},
        'users:' || up.id,
        json_build_object('external_id', up.external_id, 'changes', json_strip_nulls(json_build_object(
          ${sql.join(
            AUDITED.map((field) => sql`${field}::text, ${change(field)}`),
            sql`, `,
          )})))::text,
        ${client.ip}, ${request?.userAgent ?? null}, ${request?.requestId ?? null}
      FROM up LEFT JOIN before b ON b.external_id = up.external_id
      ORDER BY up.id
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS created,
           count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM up`,
  );
  await matchBansToStatus(
    tx,
    values.map((row) => row.external_id),
  );
  const created = counts?.created ?? 0;
  const updated = counts?.updated ?? 0;
  return { created, updated, unchanged: values.length - created - updated, taken };
}

/**
 * Creates or updates users by the product's id, in one transaction with the audit rows: one per
 * user written (the key as actor, the changed fields) and one for the batch (its counts). `rows`
 * are already checked and free of repeats; `rejected` is how many the caller turned away before.
 */
export async function syncUsers(
  rows: readonly AppUserRow[],
  client: AppClient,
  counts: { received: number; rejected: number },
): Promise<SyncOutcome> {
  return (await db()).transaction(async (tx) => {
    let outcome: SyncOutcome = { created: 0, updated: 0, unchanged: 0, taken: [] };
    if (rows.length > 0) {
      await tx.execute(SYNC_LOCK);
      // Read under the lock: an erasure writes its tombstone beside syncs (erasure-steps.ts).
      const tombstoned = await erasedExternalIds(
        tx,
        rows.map((row) => row.external_id),
      );
      const erased = rows.filter((row) => tombstoned.has(row.external_id));
      const live = rows.filter((row) => !tombstoned.has(row.external_id));
      for (let tries = 1; live.length > 0; tries += 1) {
        try {
          outcome = await tx.transaction((savepoint) => attempt(savepoint, live, client));
          break;
        } catch (error) {
          if (!isUniqueViolation(error, 'users_email_key')) throw error;
          if (tries === MAX_TRIES) throw new HttpError(409, 'appApi.users.busy');
        }
      }
      outcome = { ...outcome, erased };
    }
    // The batch's own row keeps what no user row says: how many came, and how many were turned away.
    await audit(tx, {
      adminId: null,
      apiKeyId: client.keyId,
      action: 'app.users_sync',
      target: auditTarget('apikeys', client.keyId),
      detail: JSON.stringify({
        received: counts.received,
        created: outcome.created,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        rejected: counts.rejected + outcome.taken.length + (outcome.erased?.length ?? 0),
      }),
      ip: client.ip,
    });
    return outcome;
  });
}
