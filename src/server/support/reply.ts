import { and, eq, sql } from 'drizzle-orm';
import type { MailState, SupportMessageInput, SupportReplyResult } from '../../shared/support/support-input';
import { audit } from '../audit/service';
import { db, type Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { supportReplies } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { settle, type Answer, type ReservingClaim } from '../http/idempotency';
import { logError } from '../log';
import { sendMail } from '../mail/mailer';
import { supportReplyMail } from './reply-mail';
import { supportThread } from './thread';
import { auditTarget } from '../../shared/audit/vocabulary';

/**
 * An admin's reply: recorded first, mailed after. The reply, the query's new state and the audit
 * row commit together with the mail marked `sending`; only then is the mail sent, and its outcome
 * (`sent` or `failed`) written back. So a mail server that is down never loses a reply (it stays
 * in the thread, marked "not mailed", and `resendsupportreply` sends it later), and a retry never
 * mails twice: the same Idempotency-Key replays the first answer, and a resend claims the row
 * before it sends.
 */
export const REPLY_SCOPE = 'support.reply';
/** A `sending` claim older than this was left by a server that stopped mid-send; it may be retried. */
const STALE_CLAIM = sql`interval '5 minutes'`;

interface MailFacts {
  query_id: number;
  subject: string;
  query_message: string;
  asked_at: Date | string;
  email: string | null;
  user_first: string | null;
  user_last: string | null;
  admin_first: string | null;
  admin_last: string | null;
  reply: string;
}

/** Everything the mail needs, read in the transaction that claims the reply. */
async function mailFacts(tx: Tx, replyId: number): Promise<MailFacts> {
  const [facts] = await rowsOf<MailFacts>(
    tx,
    sql`SELECT q.id AS query_id, q.subject, q.message AS query_message, q.created_at AS asked_at,
          u.email, u.first_name AS user_first, u.last_name AS user_last,
          a.first_name AS admin_first, a.last_name AS admin_last, r.message AS reply
        FROM support_replies r
        JOIN support_queries q ON q.id = r.query_id
        LEFT JOIN users u ON u.id = q.user_id
        LEFT JOIN admins a ON a.id = r.admin_id
        WHERE r.id = ${replyId}`,
  );
  if (!facts) throw new HttpError(404, 'support.api.notFound');
  return facts;
}

/** Sends the claimed reply's mail and writes down how it went; never throws for a mail failure. */
async function deliver(replyId: number, facts: MailFacts, locale: string): Promise<MailState> {
  let state: MailState = 'sent';
  try {
    await sendMail(
      supportReplyMail({
        to: facts.email!,
        locale,
        userName: `${facts.user_first ?? ''} ${facts.user_last ?? ''}`.trim(),
        adminName: `${facts.admin_first ?? ''} ${facts.admin_last ?? ''}`.trim(),
        subject: facts.subject,
        query: facts.query_message,
        askedAt: new Date(facts.asked_at),
        reply: facts.reply,
      }),
    );
  } catch (error) {
    logError('support.reply_mail_failed', error, { replyId });
    state = 'failed';
  }
  return state;
}

async function recordMailState(tx: Tx, replyId: number, state: MailState) {
  await tx.update(supportReplies).set({ mailState: state }).where(eq(supportReplies.id, replyId));
}

function replyAnswer(result: SupportReplyResult): Answer<SupportReplyResult> {
  return {
    status: 200,
    messageKey: result.mail === 'sent' ? 'support.api.replied' : 'support.api.replyNotMailed',
    payload: { ResponseBody: result },
  };
}

/**
 * `replysupport`: 404 for an unknown query, 409 when its user (and so the address) is gone. A query
 * nobody had taken is the replying admin's from then on (audited as `support.assign`).
 */
export async function replyToQuery(
  input: SupportMessageInput,
  actor: Actor,
  locale: string,
  claim: ReservingClaim | null,
): Promise<Answer<SupportReplyResult>> {
  const database = await db();
  const { replyId, facts } = await database.transaction(async (tx) => {
    await claim?.reserve(tx);
    const [query] = await rowsOf<{ id: number; email: string | null; assignee_id: number | null }>(
      tx,
      sql`SELECT q.id, u.email, q.assignee_id FROM support_queries q LEFT JOIN users u ON u.id = q.user_id
          WHERE q.id = ${input.id} FOR UPDATE OF q`,
    );
    if (!query) throw new HttpError(404, 'support.api.notFound');
    if (!query.email) throw new HttpError(409, 'support.api.noRecipient');
    const [reply] = await tx
      .insert(supportReplies)
      .values({
        queryId: input.id,
        adminId: actor.adminId,
        kind: 'reply',
        message: input.message,
        mailState: 'sending',
        mailAttemptedAt: sql`now()`,
      })
      .returning({ id: supportReplies.id });
    // Answered: nobody is waiting now, and an open query is being worked on, by whoever answered
    // it when nobody had taken it (a query someone else holds stays theirs).
    const takes = query.assignee_id === null;
    await tx.execute(sql`
      UPDATE support_queries SET
        status = CASE WHEN status = 'open' THEN 'in_progress' ELSE status END,
        assignee_id = coalesce(assignee_id, ${actor.adminId}::int),
        waiting_since = NULL, reply_count = reply_count + 1,
        last_message_at = now(), updated_at = now()
      WHERE id = ${input.id}`);
    await audit(tx, {
      adminId: actor.adminId,
      action: 'support.reply',
      target: auditTarget('support', input.id),
      detail: JSON.stringify({ reply_id: reply!.id }),
      ip: actor.ip,
    });
    if (takes) {
      await audit(tx, {
        adminId: actor.adminId,
        action: 'support.assign',
        target: auditTarget('support', input.id),
        detail: JSON.stringify({ from: null, to: actor.adminId, by_reply: true }),
        ip: actor.ip,
      });
    }
    await claim?.defer(tx, `reply:${reply!.id}`);
    return { replyId: reply!.id, facts: await mailFacts(tx, reply!.id) };
  });
  const mail = await deliver(replyId, facts, locale);
  return database.transaction(async (tx) => {
    await recordMailState(tx, replyId, mail);
    const answer = replyAnswer({ ...(await supportThread(input.id, tx)), mail });
    if (claim) await settle(tx, claim.adminId, claim.scope, `reply:${replyId}`, answer);
    return answer;
  });
}

/**
 * `resendsupportreply`: mails a reply whose mail failed (or whose sender stopped mid-send). The
 * row is claimed with one conditional UPDATE, so two clicks, or two servers, send it once.
 */
export async function resendReply(
  replyId: number,
  actor: Actor,
  locale: string,
): Promise<Answer<SupportReplyResult>> {
  const database = await db();
  const facts = await database.transaction(async (tx) => {
    const claimed = await rowsOf<{ query_id: number }>(
      tx,
      sql`UPDATE support_replies SET mail_state = 'sending', mail_attempted_at = now()
          WHERE id = ${replyId} AND kind = 'reply'
            AND (mail_state = 'failed' OR (mail_state = 'sending' AND mail_attempted_at < now() - ${STALE_CLAIM}))
          RETURNING query_id`,
    );
    if (claimed.length === 0) {
      const [exists] = await tx
        .select({ id: supportReplies.id })
        .from(supportReplies)
        .where(and(eq(supportReplies.id, replyId), eq(supportReplies.kind, 'reply')));
      if (!exists) throw new HttpError(404, 'support.api.replyNotFound');
      throw new HttpError(409, 'support.api.alreadyMailed');
    }
    const facts = await mailFacts(tx, replyId);
    if (!facts.email) throw new HttpError(409, 'support.api.noRecipient');
    await audit(tx, {
      adminId: actor.adminId,
      action: 'support.reply_resent',
      target: auditTarget('support', facts.query_id),
      detail: JSON.stringify({ reply_id: replyId }),
      ip: actor.ip,
    });
    return facts;
  });
  const mail = await deliver(replyId, facts, locale);
  return database.transaction(async (tx) => {
    await recordMailState(tx, replyId, mail);
    return replyAnswer({ ...(await supportThread(facts.query_id, tx)), mail });
  });
}
