/**
 * What an administrator may do, named per area and action (DESIGN.md §8, roles). The server checks
 * these on every route (src/server/roles/route-permissions.ts); screens use them only to leave out
 * what would be refused anyway. Shared by both, so the names cannot drift apart.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'users.view',
  'users.edit',
  'users.block',
  'users.export',
  'users.privacy',
  'games.view',
  'games.export',
  'notifications.view',
  'notifications.send',
  'notifications.broadcast',
  'support.view',
  'support.reply',
  'support.assign',
  'puzzles.view',
  'puzzles.edit',
  'puzzles.delete',
  'content.view',
  'content.edit',
  'admins.view',
  'admins.manage',
  'apikeys.view',
  'apikeys.manage',
  'audit.view',
  'roles.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const KNOWN = new Set<string>(PERMISSIONS);
export function isPermission(name: string): name is Permission {
  return KNOWN.has(name);
}

/** What each permission cannot work without: editing a list means seeing it first. */
const PREREQUISITES: Partial<Record<Permission, Permission[]>> = {
  'users.edit': ['users.view'],
  'users.block': ['users.view'],
  'users.export': ['users.view'],
  'users.privacy': ['users.view'],
  'games.export': ['games.view'],
  'notifications.send': ['notifications.view'],
  'notifications.broadcast': ['notifications.send'],
  'support.reply': ['support.view'],
  'support.assign': ['support.view'],
  'puzzles.edit': ['puzzles.view'],
  'puzzles.delete': ['puzzles.view'],
  'content.edit': ['content.view'],
  'admins.manage': ['admins.view'],
  'apikeys.manage': ['apikeys.view'],
  'roles.manage': ['admins.view'],
};

/** What `permission` brings with it directly (the role form ticks and locks these beside it). */
export function prerequisitesOf(permission: Permission): readonly Permission[] {
  return PREREQUISITES[permission] ?? [];
}

/** The set with every prerequisite added, in the vocabulary's order (so it compares and shows stably). */
export function withPrerequisites(chosen: Iterable<Permission>): Permission[] {
  const all = new Set<Permission>();
  const add = (permission: Permission) => {
    if (all.has(permission)) return;
    all.add(permission);
    for (const needed of PREREQUISITES[permission] ?? []) add(needed);
  };
  for (const permission of chosen) add(permission);
  return PERMISSIONS.filter((permission) => all.has(permission));
}

export const BUILT_IN_ROLES = [
  'owner',
  'administrator',
  'support',
  'liveops',
  'content',
  'readonly',
] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

export function isBuiltInRole(key: string): key is BuiltInRole {
  return (BUILT_IN_ROLES as readonly string[]).includes(key);
}

/** The built-in roles' permissions live in code, so a new permission reaches them with the release. */
export const BUILT_IN_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  administrator: PERMISSIONS.filter((permission) => permission !== 'roles.manage'),
  support: withPrerequisites(['users.view', 'support.reply', 'support.assign', 'notifications.send']),
  liveops: withPrerequisites([
    'dashboard.view',
    'notifications.broadcast',
    'puzzles.edit',
    'puzzles.delete',
    'games.export',
  ]),
  content: withPrerequisites(['content.edit']),
  readonly: PERMISSIONS.filter((permission) => permission.endsWith('.view')),
};

/** A role's permissions: the built-in list for a built-in key, else what the custom role stores. */
export function roleGrants(role: string, stored: readonly string[] | null | undefined): Permission[] {
  if (isBuiltInRole(role)) return [...BUILT_IN_PERMISSIONS[role]];
  return withPrerequisites((stored ?? []).filter(isPermission));
}

/** True when every permission of `wanted` is among `held`: nobody grants what they do not hold. */
export function holdsAll(held: readonly Permission[], wanted: readonly Permission[]): boolean {
  const have = new Set(held);
  return wanted.every((permission) => have.has(permission));
}

/** What the product's servers may do with an API key (`/api/app/*`), chosen when the key is made. */
export const API_KEY_SCOPES = [
  'users.read',
  'users.write',
  'games.write',
  'support.write',
  'notifications.read',
  'puzzles.read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
