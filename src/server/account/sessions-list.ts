import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { RevokeSessionInput, SessionRow } from '../../shared/account/session-row';
import { audit } from '../audit/service';
import { hashToken } from '../auth/tokens';
import { config } from '../config';
import { db } from '../db/client';
import { sessions } from '../db/schema';
import type { Actor } from '../http/admin-request';
import { HttpError } from '../http/errors';
import { parseDevice } from './device';
import { auditTarget } from '../../shared/audit/vocabulary';

/** Sessions that still open the admin API: neither past their lifetime nor idle too long. */
function live(adminId: number) {
  const now = Date.now();
  return and(
    eq(sessions.adminId, adminId),
    gt(sessions.expiresAt, new Date(now)),
    gt(sessions.lastSeenAt, new Date(now - config().SESSION_IDLE)),
  );
}

/** The admin's live sessions, most recently used first, the one making this request marked. */
export async function listSessions(adminId: number, sessionToken: string): Promise<SessionRow[]> {
  const rows = await (
    await db()
  )
    .select()
    .from(sessions)
    .where(live(adminId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  const current = hashToken(sessionToken);
  return rows.map((row) => ({
    id: row.id,
    device: parseDevice(row.userAgent),
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    current: row.tokenHash === current,
  }));
}

/**
 * Ends one of the admin's own sessions, or every one but this. Another admin's session is "not
 * found" (nothing says it exists); this session by id is refused: Logout ends it, and clears the
 * cookie too. The delete itself decides, so a double click ends the session once and answers 404
 * the second time.
 */
export async function revokeSessions(
  input: RevokeSessionInput,
  actor: Actor,
  sessionToken: string,
): Promise<{ revoked: number }> {
  const current = hashToken(sessionToken);
  const mine = eq(sessions.adminId, actor.adminId);
  const notThis = ne(sessions.tokenHash, current);
  return (await db()).transaction(async (tx) => {
    if (input.others) {
      const ended = await tx.delete(sessions).where(and(mine, notThis)).returning({ id: sessions.id });
      await audit(tx, {
        adminId: actor.adminId,
        action: 'auth.other_sessions_revoked',
        detail: JSON.stringify({ sessions: ended.length }),
        ip: actor.ip,
      });
      return { revoked: ended.length };
    }
    const id = input.id!;
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, id), mine, notThis))
      .returning({ id: sessions.id });
    if (!ended) {
      const [own] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.tokenHash, current)));
      if (own) {
        throw new HttpError(400, 'sessions.error.current', { fieldKeys: { id: 'sessions.error.current' } });
      }
      throw new HttpError(404, 'sessions.error.notFound');
    }
    await audit(tx, {
      adminId: actor.adminId,
      action: 'auth.session_revoked',
      target: auditTarget('sessions', id),
      ip: actor.ip,
    });
    return { revoked: 1 };
  });
}
