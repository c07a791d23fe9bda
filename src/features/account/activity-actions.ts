/**
 * Every audit action the server writes → the catalogue key that words it on the Activity tab.
 * Spelled out (not built from the action) so the catalogue test sees each key used; a unit test
 * (activity-actions.test.ts) fails when the server writes an action missing here or from a
 * catalogue. An action not listed still shows, as "Other action (code)".
 */
export const activityActionKeys = {
  'account.login': 'activity.account.login',
  'account.login_failed': 'activity.account.login_failed',
  'account.register': 'activity.account.register',
  'admin.disable': 'activity.admin.disable',
  'admin.enable': 'activity.admin.enable',
  'admin.invite': 'activity.admin.invite',
  'admin.invite_accepted': 'activity.admin.invite_accepted',
  'admin.invite_failed': 'activity.admin.invite_failed',
  'admin.login_refused': 'activity.admin.login_refused',
  'apikey.create': 'activity.apikey.create',
  'apikey.revoke': 'activity.apikey.revoke',
  'app.users_sync': 'activity.app.users_sync',
  'auth.account_locked': 'activity.auth.account_locked',
  'auth.login': 'activity.auth.login',
  'auth.login_failed': 'activity.auth.login_failed',
  'auth.logout': 'activity.auth.logout',
  'auth.other_sessions_revoked': 'activity.auth.other_sessions_revoked',
  'auth.otp_failed': 'activity.auth.otp_failed',
  'auth.password_change_failed': 'activity.auth.password_change_failed',
  'auth.password_changed': 'activity.auth.password_changed',
  'auth.password_reset': 'activity.auth.password_reset',
  'auth.reset_code_failed': 'activity.auth.reset_code_failed',
  'auth.reset_requested': 'activity.auth.reset_requested',
  'auth.session_revoked': 'activity.auth.session_revoked',
  'notification.cancel': 'activity.notification.cancel',
  'notification.delete': 'activity.notification.delete',
  'notification.schedule': 'activity.notification.schedule',
  'notification.send': 'activity.notification.send',
  'notification.update': 'activity.notification.update',
  'profile.update': 'activity.profile.update',
  'users.block': 'activity.users.block',
  'users.bulk_block': 'activity.users.bulk_block',
  'users.bulk_unblock': 'activity.users.bulk_unblock',
  'users.create': 'activity.users.create',
  'users.unblock': 'activity.users.unblock',
  'users.update': 'activity.users.update',
} as const;
