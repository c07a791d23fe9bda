import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { releaseImage } from '../images/store';
import { BESIDE_SYNCS } from '../users/sync';
import { enqueueEvent } from '../webhooks/outbox';
import { externalIdHash } from './tombstones';

/** Rows one batch touches: a player with a long record is erased over several transactions. */
export const ERASURE_BATCH = 500;

/** The personal fields an audit row's `changes` (and a sync's detail) may hold. */
const PERSONAL_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'profile'];

export interface ErasureTarget {
  user_id: number;
  external_id: string | null;
  profile: string | null;
}

interface ErasureStep {
  name: string;
  /** One batch; answers how many rows it changed (0: this step is done). */
  run(tx: Tx, userId: number): Promise<number>;
}

const changed = async (tx: Tx, statement: ReturnType<typeof sql>) =>
  (
    await rowsOf<{ n: number }>(
      tx,
      sql`WITH done AS (${statement} RETURNING 1) SELECT count(*)::int AS n FROM done`,
    )
  )[0]?.n ?? 0;

/**
 * What goes, batch by batch, before the player's row itself: the texts of their support threads
 * (their messages, our replies and internal notes about them), the staff's notes about them, then
 * the personal values the audit trail copied (its rows stay as the legal record: who did what, when).
 */
export const ERASURE_STEPS: readonly ErasureStep[] = [
  {
    name: 'support_queries',
    run: (tx, userId) =>
      changed(
        tx,
        sql`UPDATE support_queries SET subject = '', message = '' WHERE id IN (
              SELECT id FROM support_queries WHERE user_id = ${userId} AND (subject <> '' OR message <> '')
              LIMIT ${ERASURE_BATCH}::int)`,
      ),
  },
  {
    name: 'support_replies',
    run: (tx, userId) =>
      changed(
        tx,
        sql`UPDATE support_replies SET message = '' WHERE id IN (
              SELECT r.id FROM support_replies r JOIN support_queries q ON q.id = r.query_id
              WHERE q.user_id = ${userId} AND r.message <> ''
              LIMIT ${ERASURE_BATCH}::int)`,
      ),
  },
  {
    name: 'user_notes',
    run: (tx, userId) =>
      changed(
        tx,
        sql`DELETE FROM user_notes WHERE id IN (
              SELECT id FROM user_notes WHERE user_id = ${userId} LIMIT ${ERASURE_BATCH}::int)`,
      ),
  },
  {
    name: 'audit_log',
    run: (tx, userId) =>
      changed(
        tx,
        sql`UPDATE audit_log SET detail = (
              (detail::jsonb - 'external_id')
              || CASE WHEN jsonb_typeof(detail::jsonb -> 'changes') = 'object'
                   THEN jsonb_build_object('changes', (detail::jsonb -> 'changes') - string_to_array(${PERSONAL_FIELDS.join(',')}, ','))
                   ELSE '{}'::jsonb END
              || '{"erased_player": true}'::jsonb)::text
            WHERE id IN (
              SELECT id FROM audit_log
              WHERE target = ${`users:${userId}`} AND detail LIKE '{%}' AND detail NOT LIKE '%"erased_player": true%'
              LIMIT ${ERASURE_BATCH}::int)`,
      ),
  },
];

/**
 * The last step: the player's row keeps its id, status and dates (plays still count, the dashboard
 * does not move) and becomes "Erased player #id"; the product id leaves a tombstone; the photo is
 * released. Taken beside product syncs (BESIDE_SYNCS), so a sync either finishes before, or sees
 * the tombstone and is refused.
 */
export async function finishErasure(tx: Tx, target: ErasureTarget): Promise<void> {
  await tx.execute(BESIDE_SYNCS);
  const userId = target.user_id;
  await tx.execute(sql`UPDATE users SET first_name = 'Erased player', last_name = ${`#${userId}`},
      email = ${`erased-${userId}@erased.invalid`}, phone = NULL, profile = NULL, external_id = NULL,
      updated_at = now()
    WHERE id = ${userId}`);
  await releaseImage(tx, target.profile);
  if (target.external_id) {
    await tx.execute(sql`INSERT INTO erasure_tombstones (external_id_hash)
      VALUES (${externalIdHash(target.external_id)}) ON CONFLICT DO NOTHING`);
  }
  await tx.execute(sql`UPDATE user_erasures SET erased_at = now(), step = 'done', progressed_at = now()
    WHERE user_id = ${userId}`);
  await enqueueEvent(tx, 'user.erased', { user_id: userId, external_id: target.external_id });
}
