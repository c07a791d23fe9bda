import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, oneOf, timestamps } from './columns';

/**
 * An admin's authenticator app (TOTP): at most one. `secret` is encrypted with the key kept
 * outside the database (server/mfa/secret-box.ts); `confirmedAt` is null while the setup waits for
 * its first code. `lastStep` is the last 30-second step a code was accepted for: a code is taken
 * only for a later step, so each is used once even across instances.
 */
export const mfaTotp = pgTable('mfa_totp', {
  adminId: integer('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  ...timestamps,
});
export type MfaTotp = typeof mfaTotp.$inferSelect;

/** A passkey (WebAuthn credential), named by its admin. */
export const mfaPasskeys = pgTable(
  'mfa_passkeys',
  {
    id: id(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    /** COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('mfa_passkeys_admin_idx').on(t.adminId)],
);
export type MfaPasskey = typeof mfaPasskeys.$inferSelect;

/** Recovery codes, stored as an HMAC; each used once (`usedAt`). A new set deletes the old one. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_admin_idx').on(t.adminId, t.codeHash)],
);

export const WEBAUTHN_PURPOSES = ['register', 'signin', 'reauth'] as const;

/**
 * A WebAuthn challenge handed out and not yet answered: single use (deleted when answered),
 * five minutes. `adminId` is null for a passkey-only sign-in, which learns the admin from the passkey.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: WEBAUTHN_PURPOSES }).notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    oneOf('webauthn_challenges_purpose_check', t.purpose, WEBAUTHN_PURPOSES),
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
  ],
);
