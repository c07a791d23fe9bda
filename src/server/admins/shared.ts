import { eq, sql } from 'drizzle-orm';
import { admins } from '../db/schema';
import { HttpError } from '../http/errors';

/** A mailed invitation works for 24 hours, once. */
export const INVITE_TTL_MS = 24 * 60 * 60 * 1000;
/** 256 random bits: 43 characters of base64url in the link. */
export const INVITE_TOKEN_BYTES = 32;

/**
 * The password hash of an admin who has never chosen a password (invited). It is not in scrypt's
 * `scrypt$N$r$p$salt$key` form, so verifyPassword runs its stand-in derivation (same time as a
 * real check) and answers false: no password matches it, and nothing throws.
 */
export const NO_PASSWORD_HASH = 'none$invited';

export const adminByEmail = (email: string) => eq(sql`lower(${admins.email})`, email.trim().toLowerCase());

export const adminNotFound = () =>
  new HttpError(404, 'admins.api.notFound', { fieldKeys: { id: 'admins.api.notFound' } });
