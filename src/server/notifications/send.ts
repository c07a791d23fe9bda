import { eq, sql } from 'drizzle-orm';
import type {
  NotificationAudienceInput,
  SendNotificationInput,
  SendResult,
} from '../../shared/notifications/notification-input';
import { audit } from '../audit/service';
import { database, db } from '../db/client';
import { notifications } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import type { Answer, ReservingClaim } from '../http/idempotency';
import {
  assertSomeoneReceives,
  countSkipped,
  emptyAudience,
  refuseUnknownUsers,
  type Audience,
} from './audience';
import { fanOutAtOnce, fanOutInChunks, LEASE_SECONDS, pendingRef, sendAnswer } from './fanout';
import { auditTarget } from '../../shared/audit/vocabulary';

/** A schedule this far in the past is still accepted (the admin's clock, the trip here). */
export const CLOCK_SKEW_MS = 30_000;

export function assertFuture(scheduledAt: Date): void {
  if (scheduledAt.getTime() < Date.now() - CLOCK_SKEW_MS) {
    throw new HttpError(400, 'api.error.validation', {
      fieldKeys: { scheduled_at: 'notifications.api.schedulePast' },
    });
  }
}

export function audienceOf(input: NotificationAudienceInput): Audience {
  if (input.user_ids) {
    return {
      audience: 'users',
      audienceStatus: null,
      audienceSearch: null,
      targetUserIds: [...new Set(input.user_ids)].sort((a, b) => a - b),
    };
  }
  return {
    audience: 'all',
    audienceStatus: input.status ?? null,
    audienceSearch: input.search || null,
    targetUserIds: null,
  };
}

const auditDetail = (audience: Audience, extra: Record<string, unknown>) =>
  JSON.stringify({
    audience: audience.audience,
    status: audience.audienceStatus ?? undefined,
    search: audience.audienceSearch ?? undefined,
    users: audience.targetUserIds?.length,
    ...extra,
  });

/**
 * `admin/bulk-notifications`. Scheduled: the row alone (`scheduled`), the worker sends it when it
 * falls due. Immediate: the row, its recipients and the audit entry in one transaction, except a
 * send to everyone on PGlite, which fans out in chunks after that first transaction (the answer
 * still waits for the last chunk, so it is the same on both databases).
 */
export async function sendNotification(
  input: SendNotificationInput,
  actor: Actor,
  claim: ReservingClaim | null,
): Promise<Answer<never, SendResult>> {
  const scheduledAt = input.scheduled_at ? new Date(input.scheduled_at) : null;
  if (scheduledAt) assertFuture(scheduledAt);
  const audience = audienceOf(input);
  const chunked = !scheduledAt && audience.audience === 'all' && (await database()).kind === 'pglite';

  const first = await (
    await db()
  ).transaction(async (tx) => {
    await claim?.reserve(tx);
    if (audience.targetUserIds) await refuseUnknownUsers(tx, audience.targetUserIds);
    if (scheduledAt || chunked) await assertSomeoneReceives(tx, audience);
    const [row] = await tx
      .insert(notifications)
      .values({
        title: input.title,
        message: input.message,
        ...audience,
        state: scheduledAt ? 'scheduled' : 'sending',
        scheduledAt,
        sentAt: scheduledAt ? null : sql`now()`,
        skippedCount: scheduledAt ? 0 : await countSkipped(tx, audience),
        fanoutCursor: scheduledAt ? null : 0,
        claimedUntil: chunked ? sql`now() + make_interval(secs => ${LEASE_SECONDS})` : null,
        createdBy: actor.adminId,
      })
      .returning();
    const created = row!;
    const entry = { adminId: actor.adminId, target: auditTarget('notifications', created.id), ip: actor.ip };
    if (scheduledAt) {
      await audit(tx, { ...entry, action: 'notifications.schedule', detail: auditDetail(audience, {}) });
      const answer: Answer<never, SendResult> = {
        status: 200,
        messageKey: 'notifications.api.scheduled',
        payload: { ResponseData: { id: created.id, state: 'scheduled', recipients: 0, skipped: 0 } },
      };
      await claim?.remember(tx, answer);
      return answer;
    }
    if (chunked) {
      await audit(tx, { ...entry, action: 'notifications.send', detail: auditDetail(audience, {}) });
      await claim?.defer(tx, pendingRef(created.id));
      return created.id;
    }
    const result = await fanOutAtOnce(tx, created);
    if (result.recipients === 0) throw emptyAudience();
    await audit(tx, {
      ...entry,
      action: 'notifications.send',
      detail: auditDetail(audience, { recipients: result.recipients, skipped: result.skipped }),
    });
    const answer = sendAnswer(result);
    await claim?.remember(tx, answer);
    return answer;
  });
  if (typeof first !== 'number') return first;
  const result = (await fanOutInChunks(first)) ?? (await currentResult(first));
  return sendAnswer(result);
}

/** The send's outcome as it stands (when another server finished the chunks this one began). */
async function currentResult(id: number): Promise<SendResult> {
  const [row] = await (await db()).select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw new HttpError(404, 'notifications.api.notFound');
  return { id, state: row.state, recipients: row.recipientCount, skipped: row.skippedCount };
}
