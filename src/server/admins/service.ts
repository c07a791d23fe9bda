/**
 * Fellow administrators (account settings → Administrators): the list, invitations mailed with a
 * single-use set-password link, accepting one, and disabling / re-enabling. One module per use
 * case; this is the area's front door for pages and endpoints.
 */
export { listAdmins } from './list';
export { inviteAdmin } from './invite';
export { acceptInvite, findLiveInvite } from './accept';
export { changeAdminStatus } from './status';

/**
 * The audit actions this area writes, with the catalogue key the Activity tab words each in.
 * (`admin.login_refused` is written by the password step for a disabled admin's right password.)
 */
export const ADMIN_ACTIVITY_KEYS = {
  'admin.invite': 'activity.admin.invite',
  'admin.invite_failed': 'activity.admin.invite_failed',
  'admin.invite_accepted': 'activity.admin.invite_accepted',
  'admin.disable': 'activity.admin.disable',
  'admin.enable': 'activity.admin.enable',
  'admin.login_refused': 'activity.admin.login_refused',
} as const;
