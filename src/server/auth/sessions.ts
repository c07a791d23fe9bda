import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { audit } from '../audit/service';
import { config } from '../config';
import { db, type Db } from '../db/client';
import { admins, roles, sessions, type Admin } from '../db/schema';
import { roleGrants, type Permission } from '../../shared/roles/permissions';
import { requirementOf, type MfaRequirement } from '../mfa/requirement';
import { hashToken, newToken } from './tokens';

/**
 * The signed-in admin as pages and endpoints see it: no password hash, no throttle state. The
 * role's permissions are read with the session, so a role change applies on the next request.
 * `status` is `active`, or `pending` for one who registered themselves and waits for an Owner's
 * approval: they hold no permission, whatever their role column says.
 */
export type SessionAdmin = Pick<
  Admin,
  'id' | 'firstName' | 'lastName' | 'email' | 'profile' | 'locale' | 'mustChangePassword' | 'role' | 'status'
> & {
  permissions: Permission[];
  /** What the role asks of the admin's second factors (mfa/requirement.ts). */
  mfa?: MfaRequirement;
  /** When this session last confirmed it was the admin (sign-in, `reauth`). */
  confirmedAt?: Date;
};

/** The statuses that may hold a session: a pending admin signs in only to be told to wait. */
export const SIGNED_IN_STATUSES = ['active', 'pending'] as const;

export const isSignedInStatus = (status: Admin['status']): boolean =>
  (SIGNED_IN_STATUSES as readonly string[]).includes(status);

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/** Touching `last_seen_at` on every request would write on every page view; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;

export function sessionCookieName(): string {
  return config().secureCookies ? '__Host-session' : 'session';
}

/** Starts a session and returns its token: the only time the token exists outside the browser. */
export async function createSession(adminId: number, meta: SessionMeta = {}): Promise<string> {
  const token = newToken(32);
  await (await db()).insert(sessions).values({
    tokenHash: hashToken(token),
    adminId,
    expiresAt: new Date(Date.now() + config().SESSION_TTL),
    userAgent: meta.userAgent?.slice(0, 512) ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}

/**
 * The admin behind a token, or null when the token is unknown, expired or idle too long, or its
 * admin is neither active nor pending (disabled, even if a session row outlived the disabling).
 */
export async function findSessionAdmin(token: string): Promise<SessionAdmin | null> {
  const database = await db();
  const now = Date.now();
  const [row] = await sessionLookup(database).execute({
    tokenHash: hashToken(token),
    now: new Date(now).toISOString(),
    idleSince: new Date(now - config().SESSION_IDLE).toISOString(),
  });
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) await touch(database, row.sessionId, now);
  const {
    sessionId: _sessionId,
    lastSeenAt: _lastSeenAt,
    expiresAt: _expiresAt,
    storedPermissions,
    requireMfa,
    enrolled,
    mfaRequiredSince,
    ...admin
  } = row;
  // Approval, not the role, opens the back-office: until then nothing is granted.
  const permissions = admin.status === 'active' ? roleGrants(admin.role, storedPermissions) : [];
  const mfa = requirementOf({ requireMfa, enrolled, mfaRequiredSince }, now);
  return { ...admin, permissions, mfa };
}

/**
 * The lookup runs on every signed-in request, so it is built once per database (and, on
 * PostgreSQL, parsed once per connection as a named prepared statement) rather than per call.
 */
const lookups = new WeakMap<Db, ReturnType<typeof prepareLookup>>();

function prepareLookup(database: Db) {
  return database
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      id: admins.id,
      firstName: admins.firstName,
      lastName: admins.lastName,
      email: admins.email,
      profile: admins.profile,
      locale: admins.locale,
      mustChangePassword: admins.mustChangePassword,
      role: admins.role,
      status: admins.status,
      storedPermissions: roles.permissions,
      confirmedAt: sessions.confirmedAt,
      requireMfa: roles.requireMfa,
      mfaRequiredSince: admins.mfaRequiredSince,
      enrolled: sql<boolean>`(exists (select 1 from mfa_passkeys p where p.admin_id = ${admins.id})
        or exists (select 1 from mfa_totp t where t.admin_id = ${admins.id} and t.confirmed_at is not null))`,
    })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .innerJoin(roles, eq(roles.key, admins.role))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        inArray(admins.status, [...SIGNED_IN_STATUSES]),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder('idleSince')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('find_session_admin');
}

function sessionLookup(database: Db) {
  let lookup = lookups.get(database);
  if (!lookup) {
    lookup = prepareLookup(database);
    lookups.set(database, lookup);
  }
  return lookup;
}

/**
 * Parallel requests of one session (a page and its islands' calls) all see the same stale
 * `last_seen_at`: they share one UPDATE rather than queue one each, and the WHERE makes a touch
 * that another instance already did a no-op. The database stays the only record.
 */
const touches = new Map<number, Promise<void>>();

function touch(database: Db, sessionId: number, now: number): Promise<void> {
  let pending = touches.get(sessionId);
  if (!pending) {
    pending = database
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, new Date(now - TOUCH_AFTER_MS))))
      .then(() => undefined)
      .finally(() => touches.delete(sessionId));
    touches.set(sessionId, pending);
  }
  return pending;
}

export async function revokeSession(token: string): Promise<void> {
  await (await db()).delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Logout: this session's row goes, and the audit log says so, together. */
export async function signOut(adminId: number, token: string, ip: string): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    await audit(tx, { adminId, action: 'auth.logout', ip });
  });
}
