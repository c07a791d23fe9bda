import { sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { AppClient } from '../http/app-request';
import type { AppGameRow } from './record-input';
import { auditTarget } from '../../shared/audit/vocabulary';

export interface RecordOutcome {
  recorded: number;
  /** Rows whose user or puzzle does not exist, by index. */
  missing: { index: number; user: boolean; puzzle: boolean }[];
}

/** A puzzle deleted between the join and the insert's foreign-key check: asked again, without it. */
const FOREIGN_KEY_VIOLATION = '23503';
const MAX_TRIES = 3;

function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as Error).cause) {
    if ((current as { code?: string }).code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}

/**
 * One statement for the whole batch: the rows as a JSON record set, joined to users (by id or the
 * product's external id) and puzzles; the matched ones inserted, the unmatched ones answered by
 * index. The audit row is written in the same transaction.
 */
export async function recordPlays(
  rows: readonly AppGameRow[],
  client: AppClient,
  counts: { received: number; rejected: number },
): Promise<RecordOutcome> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt(rows, client, counts);
    } catch (error) {
      if (!isForeignKeyViolation(error) || tries === MAX_TRIES) throw error;
    }
  }
}

async function attempt(
  rows: readonly AppGameRow[],
  client: AppClient,
  counts: { received: number; rejected: number },
): Promise<RecordOutcome> {
  return (await db()).transaction(async (tx) => {
    let outcome: RecordOutcome = { recorded: 0, missing: [] };
    if (rows.length > 0) {
      const [row] = await rowsOf<{ recorded: number; missing: RecordOutcome['missing'] | null }>(
        tx,
        sql`
        WITH input AS (
          SELECT * FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(
            index int, user_id int, external_id text, puzzle_id int, score int, duration int,
            result text, played_at timestamptz)
        ),
        matched AS (
          SELECT i.*, coalesce(u.id, ux.id) AS uid, p.id AS pid
          FROM input i
          LEFT JOIN users u ON u.id = i.user_id
          LEFT JOIN users ux ON ux.external_id = i.external_id
          LEFT JOIN puzzles p ON p.id = i.puzzle_id
        ),
        ins AS (
          INSERT INTO game_history (user_id, puzzle_id, score, duration, result, played_at)
          SELECT uid, pid, score, duration, result, coalesce(played_at, now())
          FROM matched WHERE uid IS NOT NULL AND pid IS NOT NULL
          ORDER BY index
          RETURNING 1
        )
        SELECT (SELECT count(*)::int FROM ins) AS recorded,
          (SELECT json_agg(json_build_object('index', index, 'user', uid IS NULL, 'puzzle', pid IS NULL) ORDER BY index)
            FROM matched WHERE uid IS NULL OR pid IS NULL) AS missing`,
      );
      outcome = { recorded: row?.recorded ?? 0, missing: row?.missing ?? [] };
    }
    await audit(tx, {
      adminId: null,
      apiKeyId: client.keyId,
      action: 'app.games_record',
      target: auditTarget('apikeys', client.keyId),
      detail: JSON.stringify({
        received: counts.received,
        recorded: outcome.recorded,
        rejected: counts.rejected + outcome.missing.length,
      }),
      ip: client.ip,
    });
    return outcome;
  });
}
