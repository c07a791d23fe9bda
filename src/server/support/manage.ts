import { eq, sql } from 'drizzle-orm';
import type {
  SupportAssignInput,
  SupportMessageInput,
  SupportStatus,
  SupportStatusInput,
  SupportThread,
} from '../../shared/support/support-input';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { admins, supportReplies } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { supportThread } from './thread';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Status, assignee and internal notes: each one transaction with its audit row. */

/** Locks the query for the change; 404 when there is none. */
async function lockQuery(tx: Tx, id: number) {
  const [row] = await rowsOf<{ status: SupportStatus; assignee_id: number | null }>(
    tx,
    sql`SELECT status, assignee_id FROM support_queries WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw new HttpError(404, 'support.api.notFound');
  return row;
}

/**
 * `changesupportstatus`. Resolving ends the wait (nobody waits on a resolved query); reopening
 * a resolved one is audited as such. Asking for the status it already has changes nothing.
 */
export async function changeSupportStatus(input: SupportStatusInput, actor: Actor): Promise<SupportThread> {
  return (await db()).transaction(async (tx) => {
    const before = await lockQuery(tx, input.id);
    if (before.status !== input.status) {
      await tx.execute(sql`
        UPDATE support_queries SET status = ${input.status}, updated_at = now(),
          waiting_since = CASE WHEN ${input.status} = 'resolved' THEN NULL ELSE waiting_since END
        WHERE id = ${input.id}`);
      await audit(tx, {
        adminId: actor.adminId,
        action: before.status === 'resolved' ? 'support.reopen' : 'support.status',
        target: auditTarget('support', input.id),
        detail: JSON.stringify({ from: before.status, to: input.status }),
        ip: actor.ip,
      });
    }
    return supportThread(input.id, tx);
  });
}

/**
 * `assignsupport`: any active admin, or nobody. The admin's row is read FOR SHARE so a parallel
 * disable waits for this assignment (and vice versa) instead of leaving a query with a disabled admin.
 */
export async function assignSupport(input: SupportAssignInput, actor: Actor): Promise<SupportThread> {
  return (await db()).transaction(async (tx) => {
    const before = await lockQuery(tx, input.id);
    if (input.assignee_id !== null) {
      const [admin] = await tx
        .select({ status: admins.status })
        .from(admins)
        .where(eq(admins.id, input.assignee_id))
        .for('share');
      if (admin?.status !== 'active') {
        throw new HttpError(400, 'api.error.validation', {
          fieldKeys: { assignee_id: 'support.api.assigneeNotActive' },
        });
      }
    }
    if (before.assignee_id !== input.assignee_id) {
      await tx.execute(
        sql`UPDATE support_queries SET assignee_id = ${input.assignee_id}, updated_at = now() WHERE id = ${input.id}`,
      );
      await audit(tx, {
        adminId: actor.adminId,
        action: 'support.assign',
        target: auditTarget('support', input.id),
        detail: JSON.stringify({ from: before.assignee_id, to: input.assignee_id }),
        ip: actor.ip,
      });
    }
    return supportThread(input.id, tx);
  });
}

/** `notesupport`: an internal note; the user never sees it, so the wait and the counts stay. */
export async function addSupportNote(input: SupportMessageInput, actor: Actor): Promise<SupportThread> {
  return (await db()).transaction(async (tx) => {
    await lockQuery(tx, input.id);
    const [note] = await tx
      .insert(supportReplies)
      .values({ queryId: input.id, adminId: actor.adminId, kind: 'note', message: input.message })
      .returning({ id: supportReplies.id });
    await audit(tx, {
      adminId: actor.adminId,
      action: 'support.note',
      target: auditTarget('support', input.id),
      detail: JSON.stringify({ note_id: note!.id }),
      ip: actor.ip,
    });
    return supportThread(input.id, tx);
  });
}
