import { translate, type T } from '../../lib/labels';
import type { BuiltInRole, Permission } from './permissions';

/** Each permission in words (the matrix, the role form, the "you need …" refusals). */
export const permissionLabelKeys = {
  'dashboard.view': 'roles.permission.dashboard.view',
  'users.view': 'roles.permission.users.view',
  'users.edit': 'roles.permission.users.edit',
  'users.block': 'roles.permission.users.block',
  'users.export': 'roles.permission.users.export',
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

/** A permission in the request's language. */
export const permissionWords = (t: T, permission: Permission): string =>
  translate(t, permissionLabelKeys)[permission];
