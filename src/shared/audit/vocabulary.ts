/**
 * The audit trail's words, one per area (DESIGN.md §8): every action the server may write, and the
 * kinds of thing an entry is about. An action's area is the permission area's word where the
 * action belongs to one (`users`, `admins`, `apikeys`, `notifications`, `roles`, `content`…), and a
 * target's kind is the same word (`users:12` is what `users.block` blocked). `audit()` takes only
 * these, so a new action is added here, worded in every catalogue (`activity.<action>`), or the
 * build fails.
 */
export const AUDIT_ACTIONS = [
  // The account API (JWT sign-in and registration).
  'account.login',
  'account.login_failed',
  'account.register',
  // The team.
  'admins.approve',
  'admins.disable',
  'admins.enable',
  'admins.invite',
  'admins.invite_accepted',
  'admins.invite_failed',
  'admins.login_refused',
  'admins.reject',
  'admins.role',
  'apikeys.create',
  'apikeys.revoke',
  'roles.create',
  'roles.delete',
  'roles.update',
  // The trail itself.
  'audit.export',
  'audit.purge',
  // The product's servers, through their API keys.
  'app.games_record',
  'app.support_followup',
  'app.support_query',
  'app.users_sync',
  // Signing in and the admin's own account.
  'auth.account_locked',
  'auth.reset_codes_locked',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.other_sessions_revoked',
  'auth.otp_failed',
  'auth.password_change_failed',
  'auth.password_changed',
  'auth.password_reset',
  'auth.reauth',
  'auth.reauth_failed',
  'auth.reset_code_failed',
  'auth.reset_requested',
  'auth.session_revoked',
  'permission.denied',
  'profile.update',
  // Second factors (the admin's own, or an Owner's reset of another's).
  'mfa.passkey_added',
  'mfa.passkey_removed',
  'mfa.recovery_renewed',
  'mfa.recovery_used',
  'mfa.reset',
  'mfa.totp_added',
  'mfa.totp_removed',
  // The product's data.
  'content.discard',
  'content.draft',
  'content.restore',
  'content.update',
  'games.export',
  'notifications.cancel',
  'notifications.delete',
  'notifications.schedule',
  'notifications.send',
  'notifications.update',
  'puzzles.create',
  'puzzles.delete',
  'puzzles.update',
  'support.assign',
  'support.note',
  'support.reopen',
  'support.reply',
  'support.reply_resent',
  'support.status',
  'users.block',
  'users.bulk_block',
  'users.bulk_unblock',
  'users.create',
  'users.export',
  'users.unblock',
  'users.update',
  // Player care: bans that ran out, notes, privacy requests.
  'users.ban_ended',
  'users.note_add',
  'users.note_delete',
  'users.erase',
  'users.erasure_cancel',
  'users.erasure_schedule',
  'users.export_data',
  // Webhooks: endpoints the product's servers are told at.
  'webhooks.add',
  'webhooks.delete',
  'webhooks.disable',
  'webhooks.redeliver',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditArea = AuditAction extends `${infer Area}.${string}` ? Area : never;

const ACTIONS = new Set<string>(AUDIT_ACTIONS);
export const isAuditAction = (name: string): name is AuditAction => ACTIONS.has(name);

/**
 * What an entry can be about: a row of an area's table by id (`users:12`, `roles:owner`), a
 * public page in one language (`content:about-us:fr`), a route an admin was refused
 * (`route:/audit`), a bulk selection (`users:1,2,3`, `users:match`), or a sign-in attempt's
 * address (its email, as typed).
 */
export const AUDIT_TARGET_KINDS = [
  'users',
  'admins',
  'apikeys',
  'roles',
  'puzzles',
  'notifications',
  'support',
  'sessions',
  'content',
  'webhooks',
  'route',
] as const;
export type AuditTargetKind = (typeof AUDIT_TARGET_KINDS)[number];
export type AuditTarget = `${AuditTargetKind}:${string}` | `${string}@${string}`;

export const auditTarget = (kind: AuditTargetKind, id: string | number): AuditTarget => `${kind}:${id}`;

/** A sign-in attempt's address, as typed (capped: the column is for reading, not for storage). */
export const addressTarget = (email: string): AuditTarget => email.slice(0, 254) as `${string}@${string}`;

/**
 * The words before issue #39, which old rows were written with (migration 0017 rewrote them) and
 * which API clients may still filter by: `area=admin`, `action=role.update`, `target=user:12`.
 */
const RENAMED_AREAS: Record<string, AuditArea> = {
  admin: 'admins',
  apikey: 'apikeys',
  cms: 'content',
  notification: 'notifications',
  role: 'roles',
};
const RENAMED_KINDS: Record<string, AuditTargetKind> = {
  user: 'users',
  admin: 'admins',
  apikey: 'apikeys',
  role: 'roles',
  puzzle: 'puzzles',
  notification: 'notifications',
  session: 'sessions',
};
const CMS_TARGET = /^(about-us|privacy-policy|terms-and-conditions):([a-z]{2})$/;

/** An area as the trail spells it now, from either spelling. */
export const currentArea = (area: string): string => RENAMED_AREAS[area] ?? area;

/** An action as the trail spells it now, from either spelling. */
export function currentAction(action: string): string {
  const dot = action.indexOf('.');
  return dot < 0 ? action : currentArea(action.slice(0, dot)) + action.slice(dot);
}

/** A target as the trail spells it now, from either spelling. */
export function currentTarget(target: string): string {
  if (CMS_TARGET.test(target)) return `content:${target}`;
  const colon = target.indexOf(':');
  if (colon < 0) return target;
  const kind = RENAMED_KINDS[target.slice(0, colon)];
  return kind ? kind + target.slice(colon) : target;
}
