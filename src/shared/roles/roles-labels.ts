import { translate, type T } from '../../lib/labels';
import { PERMISSIONS, type BuiltInRole, type Permission } from './permissions';

/** Each permission in words (the matrix, the role form, the "you need …" refusals). */
export const permissionLabelKeys = {
  'dashboard.view': 'roles.permission.dashboard.view',
  'users.view': 'roles.permission.users.view',
  'users.edit': 'roles.permission.users.edit',
  'users.block': 'roles.permission.users.block',
  'users.export': 'roles.permission.users.export',
  'users.privacy': 'roles.permission.users.privacy',
  'games.view': 'roles.permission.games.view',
  'games.export': 'roles.permission.games.export',
  'notifications.view': 'roles.permission.notifications.view',
  'notifications.send': 'roles.permission.notifications.send',
  'notifications.broadcast': 'roles.permission.notifications.broadcast',
  'support.view': 'roles.permission.support.view',
  'support.reply': 'roles.permission.support.reply',
  'support.assign': 'roles.permission.support.assign',
  'puzzles.view': 'roles.permission.puzzles.view',
  'puzzles.edit': 'roles.permission.puzzles.edit',
  'puzzles.delete': 'roles.permission.puzzles.delete',
  'content.view': 'roles.permission.content.view',
  'content.edit': 'roles.permission.content.edit',
  'admins.view': 'roles.permission.admins.view',
  'admins.manage': 'roles.permission.admins.manage',
  'apikeys.view': 'roles.permission.apikeys.view',
  'apikeys.manage': 'roles.permission.apikeys.manage',
  'audit.view': 'roles.permission.audit.view',
  'roles.manage': 'roles.permission.roles.manage',
} as const satisfies Record<Permission, string>;

/** The built-in roles' names; custom roles carry their own. */
export const builtInRoleLabelKeys = {
  owner: 'roles.builtIn.owner',
  administrator: 'roles.builtIn.administrator',
  support: 'roles.builtIn.support',
  liveops: 'roles.builtIn.liveops',
  content: 'roles.builtIn.content',
  readonly: 'roles.builtIn.readonly',
} as const satisfies Record<BuiltInRole, string>;

/** The areas the permissions are grouped by (the part before the dot). */
export const roleAreaLabelKeys = {
  dashboard: 'roles.area.dashboard',
  users: 'roles.area.users',
  games: 'roles.area.games',
  notifications: 'roles.area.notifications',
  support: 'roles.area.support',
  puzzles: 'roles.area.puzzles',
  content: 'roles.area.content',
  admins: 'roles.area.admins',
  apikeys: 'roles.area.apikeys',
  audit: 'roles.area.audit',
  roles: 'roles.area.roles',
} as const;
export type RoleArea = keyof typeof roleAreaLabelKeys;

/** The Roles tab's own words. */
export const rolesLabelKeys = {
  caption: 'roles.caption',
  permission: 'roles.col.permission',
  members: 'roles.members',
  allowed: 'roles.allowed',
  notAllowed: 'roles.notAllowed',
  intro: 'roles.intro',
  custom: 'roles.custom',
  newRole: 'roles.new',
  editRole: 'roles.editRole',
  deleteRole: 'roles.deleteRole',
  editTitle: 'roles.form.editTitle',
  name: 'roles.form.name',
  permissions: 'roles.form.permissions',
  hint: 'roles.form.hint',
  includes: 'roles.form.includes',
  empty: 'roles.empty',
  save: 'roles.form.save',
  deleteTitle: 'roles.confirm.deleteTitle',
  deleteMessage: 'roles.confirm.deleteMessage',
  deleteVerb: 'roles.confirm.delete',
  nonePicked: 'roles.api.nonePicked',
} as const;

/** Every permission in its area, in the vocabulary's order: the matrix's rows and the form's groups. */
export function permissionsByArea(): { area: RoleArea; permissions: Permission[] }[] {
  const groups = new Map<RoleArea, Permission[]>();
  for (const permission of PERMISSIONS) {
    const area = permission.split('.')[0] as RoleArea;
    groups.set(area, [...(groups.get(area) ?? []), permission]);
  }
  return [...groups].map(([area, permissions]) => ({ area, permissions }));
}

/** A permission in the request's language. */
export const permissionWords = (t: T, permission: Permission): string =>
  translate(t, permissionLabelKeys)[permission];
