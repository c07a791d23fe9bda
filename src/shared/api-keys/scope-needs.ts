import { API_KEY_SCOPES, type ApiKeyScope, type Permission } from '../roles/permissions';

/**
 * What an admin must hold to give a key each scope: a key does for the product's servers what an
 * admin could do on the screens, so nobody hands out more than they may do themselves. The one
 * place this is written down; the server checks it when a key is made (src/server/api-keys), the
 * form leaves out what the admin could not give. docs/security.md explains each line.
 */
export const SCOPE_NEEDS: Record<ApiKeyScope, readonly Permission[]> = {
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
