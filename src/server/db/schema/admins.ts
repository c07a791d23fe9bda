import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, oneOf, timestamps } from './columns';
import { roles } from './roles';

/**
 * `invited`: made by an invite, no password of their own yet (cannot sign in); `active`; `disabled`:
 * cannot sign in, every session ended; `pending`: registered themselves (ALLOW_REGISTRATION) and
 * waiting for an Owner's approval: they may sign in, but hold no permission until approved.
 */
export const ADMIN_STATUSES = ['active', 'invited', 'disabled', 'pending'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const admins = pgTable(
  'admins',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile'),
    locale: text('locale').notNull().default('en'),
    status: text('status', { enum: ADMIN_STATUSES }).notNull().default('active'),
    /** Set for a printed first-start (demo or bootstrap) password: the first sign-in must replace it. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Carried in every account-API token and compared on every use; disabling the admin bumps it, so
     * tokens issued before stay dead after the admin is enabled again (they outlive a session row).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * When a role requiring a second factor first applied to this admin while they had none: the
     * grace period (MFA_GRACE_DAYS) runs from here (server/mfa/enforcement.ts).
     */
    mfaRequiredSince: timestamp('mfa_required_since', { withTimezone: true }),
    /**
     * What the admin may do (shared/roles/permissions.ts); read with the session on every request.
     * The default is the least a role can hold: every writer names the role it means.
     */
    role: text('role')
      .notNull()
      .default('readonly')
      .references(() => roles.key, { onDelete: 'restrict', onUpdate: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('admins_email_key').on(sql`lower(${t.email})`),
    oneOf('admins_status_check', t.status, ADMIN_STATUSES),
    index('admins_role_idx').on(t.role),
  ],
);
export type Admin = typeof admins.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The last time the admin proved it was them (sign-in, `reauth`): sensitive actions need it recent. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('sessions_admin_idx').on(t.adminId),
    // The background purge finds the dead by either limit (auth/sessions.ts).
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_last_seen_at_idx').on(t.lastSeenAt),
  ],
);
export type Session = typeof sessions.$inferSelect;

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: id(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** `login` or `reset`. */
    purpose: text('purpose', { enum: ['login', 'reset'] }).notNull(),
    /** Hash of the token that names the challenge: the otpToken (login) or the reset link / resetToken. */
    tokenHash: text('token_hash').notNull().unique(),
    /** HMAC of the current code; null once the code has been used (a reset then waits for the new password). */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** The challenge as a whole: 10 minutes for a sign-in, 60 for a reset link. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    oneOf('otp_challenges_purpose_check', t.purpose, ['login', 'reset']),
    index('otp_challenges_admin_idx').on(t.adminId),
    index('otp_challenges_expires_at_idx').on(t.expiresAt),
  ],
);
export type OtpChallenge = typeof otpChallenges.$inferSelect;

/** Failed sign-ins per key (`ip:…` or `email:…`); kept in the database so it holds across instances. */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** The last try counted: a row quiet long enough counts nothing any more, and is purged. */
    lastTryAt: timestamp('last_try_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_throttles_last_try_at_idx').on(t.lastTryAt)],
);

/**
 * A set-password link mailed to an invited admin: the token stored hashed, single use, 24 hours.
 * A new invite for the same admin retires the older link.
 */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: id(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => admins.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('admin_invites_admin_idx').on(t.adminId),
    index('admin_invites_expires_at_idx').on(t.expiresAt),
  ],
);
export type AdminInvite = typeof adminInvites.$inferSelect;

export const apiKeys = pgTable('api_keys', {
  id: id(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** First characters of the key, shown so an admin can tell keys apart. */
  prefix: text('prefix').notNull(),
  createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
  /** What the key may call (shared/roles/permissions.ts, API_KEY_SCOPES). */
  scopes: text('scopes').array().notNull().default([]),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** The per-key rate limit's fixed window: when it started and how many requests it has had. */
  rateWindowStartedAt: timestamp('rate_window_started_at', { withTimezone: true }),
  rateWindowRequests: integer('rate_window_requests').notNull().default(0),
  ...timestamps,
});
export type ApiKey = typeof apiKeys.$inferSelect;

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /**
     * Who acted, as they were named when the row was written: renaming oneself later must not
     * rewrite the trail (null for the system, and for rows older than these columns with no admin).
     */
    actorName: text('actor_name'),
    actorEmail: text('actor_email'),
    /** A product API key that acted (a write through `/api/app/*`), when no admin did. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    detail: text('detail'),
    ip: text('ip'),
    /** The request's User-Agent and id (its `X-Request-Id` and log line), from the request context. */
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * How many events this row stands for: repeated refusals are coalesced into one row per admin,
     * route and minute, named by `coalesceKey` (unique, so parallel refusals add to one row).
     */
    count: integer('count').notNull().default(1),
    coalesceKey: text('coalesce_key'),
  },
  // The audit log pages newest first, by (at, id), filtered by at most one of admin, action,
  // area or target plus a time range: one index per filter, each ending in (at, id), so a page of
  // ten million rows reads only the rows it shows (docs/performance.md). Ascending on purpose: read
  // backwards they give `at DESC, id DESC` exactly (NULLS FIRST, as ORDER BY … DESC means), which
  // a `DESC NULLS LAST` index cannot.
  (t) => [
    index('audit_log_at_id_idx').on(t.at, t.id),
    // An admin's own activity, newest first (account settings and the audit log's admin filter).
    index('audit_log_admin_at_idx').on(t.adminId, t.at, t.id),
    index('audit_log_action_at_idx').on(t.action, t.at, t.id),
    index('audit_log_area_at_idx').on(sql`split_part(${t.action}, '.', 1)`, t.at, t.id),
    index('audit_log_target_at_idx').on(t.target, t.at, t.id),
    uniqueIndex('audit_log_coalesce_key')
      .on(t.coalesceKey)
      .where(sql`${t.coalesceKey} is not null`),
  ],
);
export type AuditEntry = typeof auditLog.$inferSelect;

/**
 * Keys the servers share (OTP HMAC, JWT signing), made once on first use. In the database so every
 * instance behind a load balancer signs and checks with the same key.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
