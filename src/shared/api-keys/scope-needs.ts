import { API_KEY_SCOPES, type ApiKeyScope, type Permission } from '../roles/permissions';

/**
 * What an admin must hold to give a key each scope: a key does for the product's servers what an
 * admin could do on the screens, so nobody hands out more than they may do themselves. The one
 * place this is written down; the server checks it when a key is made (src/server/api-keys), the
 * form leaves out what the admin could not give. docs/security.md explains each line.
 */
export const SCOPE_NEEDS: Record<ApiKeyScope, readonly Permission[]> = {
  // Reads a player's standing (status, the ban in force) for the game's sign-in check.
  'users.read': ['users.view'],
  // Creates and edits users, and blocks or unblocks them (`status`).
  'users.write': ['users.edit', 'users.block'],
  // Adds plays to the game history, which no admin permission writes: seeing it is the area's right.
  'games.write': ['games.view'],
  // Files queries and follow-ups, and reads whole threads, the admins' replies included.
  'support.write': ['support.view', 'support.reply'],
  'notifications.read': ['notifications.view'],
  'puzzles.read': ['puzzles.view'],
};

/** The first permission `held` lacks for `scope`, or null when the holder may give it. */
export function missingFor(scope: ApiKeyScope, held: readonly Permission[]): Permission | null {
  return SCOPE_NEEDS[scope].find((permission) => !held.includes(permission)) ?? null;
}

/** The scopes an admin holding `held` may give a key, in the vocabulary's order. */
export function grantableScopes(held: readonly Permission[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => missingFor(scope, held) === null);
}

/**
 * Scopes a key holds without naming them: a key that may write users may read their standing
 * (keys made before `users.read` existed keep working for the standing call).
 */
const IMPLIED: Partial<Record<ApiKeyScope, readonly ApiKeyScope[]>> = {
  'users.write': ['users.read'],
};

/** True when a key with `held` scopes may make a call that needs `scope`. */
export function scopeAllows(held: readonly string[], scope: ApiKeyScope): boolean {
  return held.some((one) => one === scope || (IMPLIED[one as ApiKeyScope] ?? []).includes(scope));
}
