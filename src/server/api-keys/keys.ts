import { hashToken, newToken } from '../auth/tokens';

/** Recognisable in logs, config files and secret scanners: "pzk" = puzzle-admin key. */
export const KEY_PREFIX = 'pzk_';
/** How much of a key lists show: `pzk_` and 8 characters (48 bits), never enough to use it. */
export const PREFIX_LENGTH = 12;

export interface NewApiKey {
  /** Shown once, to the admin who made it; never stored. */
  key: string;
  /** SHA-256 of the key: the key is 256 random bits, so a plain hash cannot be guessed back. */
  hash: string;
  prefix: string;
}

export function newApiKey(): NewApiKey {
  const key = `${KEY_PREFIX}${newToken(32)}`;
  return { key, hash: hashToken(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/** Cheap shape check before any hashing or SQL: base64url of 32 bytes is 43 characters. */
export function looksLikeApiKey(value: string): boolean {
  return /^pzk_[A-Za-z0-9_-]{43}$/.test(value);
}
